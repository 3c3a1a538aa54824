import type { Config } from "../config.js";
import { SqliteGraphStore } from "./embedded/sqlite-store.js";
import type { GraphStore } from "./graph-store.js";

/** The settings that choose and reach a store. */
export type StoreConfig = Pick<
  Config,
  "storePath" | "neo4jUri" | "neo4jUser" | "neo4jPassword" | "neo4jDatabase" | "neo4jPushdown"
> &
  Partial<Pick<Config, "workspace">>;

/**
 * The one place that picks the backend: NEO4J_URI set = Neo4j (the driver is loaded only then),
 * else the embedded single-file store at AGR_STORE. Every command, the server, the agent and the
 * eval runner open their store here.
 */
export async function openGraphStore(config: StoreConfig): Promise<GraphStore> {
  if (!config.neo4jUri) return SqliteGraphStore.open(config.storePath);
  const { Neo4jGraphStore } = await import("./neo4j/neo4j-store.js");
  return Neo4jGraphStore.open({
    uri: config.neo4jUri,
    ...(config.neo4jUser ? { user: config.neo4jUser } : {}),
    ...(config.neo4jPassword !== undefined ? { password: config.neo4jPassword } : {}),
    database: config.neo4jDatabase,
    pushdown: config.neo4jPushdown,
    ...(config.workspace ? { workspace: config.workspace } : {}),
  });
}

/** Where the store lives, for messages: the file, or the Neo4j URI and database (never credentials). */
export function describeStore(config: StoreConfig): string {
  if (!config.neo4jUri) return config.storePath;
  try {
    const url = new URL(config.neo4jUri);
    url.username = "";
    url.password = "";
    return `${url.toString().replace(/\/$/, "")} (database ${config.neo4jDatabase})`;
  } catch {
    return `Neo4j (database ${config.neo4jDatabase})`;
  }
}
