import { type Config, loadConfig } from "../config.js";
import { forWorkspace } from "../service/workspaces.js";
import type { GraphStore } from "../store/graph-store.js";

export interface StoreOption {
  store?: string;
  /** `--workspace`; unset = AGR_WORKSPACE, else "default". */
  workspace?: string;
}

/** Opens the store the options and environment select, runs `work`, and always closes it. */
export async function withStore<T>(
  opts: StoreOption,
  work: (store: GraphStore, config: Config) => Promise<T>,
): Promise<T> {
  const config = storeConfig(opts);
  // Loaded here, not at the top: commands import this file while registering (see main.ts).
  const { openGraphStore } = await import("../store/open-graph-store.js");
  const store = await openGraphStore(config);
  try {
    return await work(store, config);
  } finally {
    await store.close();
  }
}

/**
 * The configuration with `--store` (an explicit file always means the embedded store, even with
 * NEO4J_URI set) and `--workspace` (its own store file beside it, or its own labels on Neo4j).
 * `agr serve` asks for the base configuration: it opens every workspace itself.
 */
export function storeConfig(
  opts: StoreOption,
  overrides: Partial<Config> = {},
  { workspace = true }: { workspace?: boolean } = {},
): Config {
  const base = opts.store
    ? (({ neo4jUri: _ignored, ...rest }) => rest)(loadConfig({ ...overrides, storePath: opts.store }))
    : loadConfig(overrides);
  return workspace ? forWorkspace(base, opts.workspace ?? base.workspace) : base;
}
