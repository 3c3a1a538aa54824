import { z } from "zod";
import { type Config, ConfigSchema, loadConfig } from "../config.js";
import { userError } from "../errors.js";
import { forWorkspace } from "../service/workspaces.js";

const Neo4jConnectionSchema = z.strictObject({
  /** bolt://, neo4j://, bolt+s:// or neo4j+s:// (NEO4J_URI). */
  uri: z.string().min(1),
  user: z.string().min(1).optional(),
  password: z.string().optional(),
  database: z.string().min(1).optional(),
  /** Graph algorithms in the database when GDS is loaded (default true). */
  pushdown: z.boolean().optional(),
});
export type Neo4jConnection = z.infer<typeof Neo4jConnectionSchema>;

const SettingsSchema = ConfigSchema.partial().strict();

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What `openGraphRag` accepts. Everything is optional: unset settings come from the environment
 * (the same AGR_* variables as the CLI, see the README's settings table), then the defaults.
 */
export const OpenGraphRagOptionsSchema = z.strictObject({
  /** The embedded single-file store (a path), or a Neo4j connection. Default AGR_STORE / NEO4J_URI, else ./.agr/graph.db. */
  store: z
    .union([
      z.string().min(1),
      z.strictObject({ path: z.string().min(1) }),
      z.strictObject({ neo4j: Neo4jConnectionSchema }),
    ])
    .optional(),
  /** An isolated document set: its own store file beside the store (embedded) or its own labels (Neo4j). Default AGR_WORKSPACE, else "default". */
  workspace: z.string().min(1).optional(),
  /** Folder for ingest job records and the feedback log; default the store file's folder. */
  dataDir: z.string().min(1).optional(),
  /** local (default): the neural model in modelDir; fallback: hashed words; none: BM25 and graph only. */
  embedder: z.enum(["local", "openai", "fallback", "none"]).optional(),
  /** Local model id (default bge-small-en-v1.5). */
  embeddingModel: z.string().min(1).optional(),
  /** Folder of local models (default `<package>/.cache/models`, what the install fetched). */
  modelDir: z.string().min(1).optional(),
  /** none (default, offline): no LLM step; openai: an OpenAI-compatible chat model (see settings). */
  llm: z.enum(["none", "openai"]).optional(),
  /** Any other setting by its name in the README's settings table (e.g. { llmBaseUrl, chunkTokens }). */
  settings: z.custom<Partial<Config>>(isRecord, "settings must be an object of setting names").optional(),
  /** The environment read for unset settings: process.env (default), another record, or false for none. */
  env: z.union([z.literal(false), z.record(z.string(), z.string().optional())]).optional(),
});
export type OpenGraphRagOptions = z.input<typeof OpenGraphRagOptionsSchema>;

function badOptions(issue: { path: PropertyKey[]; message: string } | undefined) {
  const where = issue?.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  return userError("bad_options", `openGraphRag: ${where}${issue?.message ?? "invalid options"}`);
}

/**
 * The engine configuration the options describe, as the CLI builds it: an explicit embedded store
 * ignores NEO4J_URI (like `--store`), and a workspace moves to its own store (like `--workspace`).
 */
export function configFromOptions(input: OpenGraphRagOptions = {}): Config {
  const parsed = OpenGraphRagOptionsSchema.safeParse(input);
  if (!parsed.success) throw badOptions(parsed.error.issues[0]);
  const o = parsed.data;
  // Checked here too so that a bad one is named by its option path, not by an environment variable.
  const settings = SettingsSchema.safeParse(o.settings ?? {});
  if (!settings.success) {
    const issue = settings.error.issues[0];
    throw badOptions(issue && { ...issue, path: ["settings", ...issue.path] });
  }
  const store = typeof o.store === "string" ? { path: o.store } : o.store;
  const neo4j = store && "neo4j" in store ? store.neo4j : undefined;
  const overrides: Partial<Config> = {
    ...o.settings,
    ...(store && "path" in store ? { storePath: store.path } : {}),
    ...(neo4j
      ? {
          neo4jUri: neo4j.uri,
          ...(neo4j.user ? { neo4jUser: neo4j.user } : {}),
          ...(neo4j.password !== undefined ? { neo4jPassword: neo4j.password } : {}),
          ...(neo4j.database ? { neo4jDatabase: neo4j.database } : {}),
          ...(neo4j.pushdown !== undefined ? { neo4jPushdown: neo4j.pushdown } : {}),
        }
      : {}),
    ...(o.dataDir ? { dataDir: o.dataDir } : {}),
    ...(o.embedder ? { embedder: o.embedder } : {}),
    ...(o.embeddingModel ? { embeddingModel: o.embeddingModel } : {}),
    ...(o.modelDir ? { modelDir: o.modelDir } : {}),
    ...(o.llm ? { llm: o.llm } : {}),
  };
  const loaded =
    o.env === undefined ? loadConfig(overrides) : loadConfig(overrides, o.env === false ? {} : o.env);
  const base =
    store && "path" in store ? (({ neo4jUri: _ignored, ...embedded }) => embedded)(loaded) : loaded;
  return forWorkspace(base, o.workspace ?? base.workspace);
}
