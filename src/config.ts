import { z } from "zod";
import { userError } from "./errors.js";

/** "a, b" (environment) or a list (overrides) → trimmed non-empty strings. */
const commaList = z
  .preprocess(
    (v) => (typeof v === "string" ? v.split(",") : v),
    z.array(z.string()).transform((xs) => xs.map((x) => x.trim()).filter((x) => x !== "")),
  )
  .default([]);

/** A workspace name: it becomes a folder name and part of Neo4j labels (src/service/workspaces.ts). */
export const WORKSPACE_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** Every setting of the engine; this module is the only reader of process.env. */
export const ConfigSchema = z.object({
  storePath: z.string().min(1).default("./.agr/graph.db"),
  /** Files larger than this are refused before being read. */
  maxFileMb: z.coerce.number().positive().default(64),
  /** Target chunk size in (approximate) tokens; small sections give smaller chunks. */
  chunkTokens: z.coerce.number().int().min(50).max(4000).default(400),
  /** FAILED chunks are retried until they have failed this many times. */
  maxRetries: z.coerce.number().int().min(0).max(20).default(3),
  /** Chunks written per transaction while processing; smaller loses less on a crash. */
  batchSize: z.coerce.number().int().min(1).max(10_000).default(64),
  /** local: neural model from `modelDir` (default); openai: OpenAI or a compatible server; fallback: hashing, not neural; none: no vectors (BM25 and graph only). */
  embedder: z.enum(["local", "openai", "fallback", "none"]).default("local"),
  /**
   * Local model id (a folder under `modelDir`, or a hub id when remote models are allowed).
   * bge-small-en-v1.5 by measurement: 2Wiki dev dense Recall@5 0.70 vs 0.61 for all-MiniLM-L6-v2,
   * at about half its speed.
   */
  embeddingModel: z.string().min(1).default("bge-small-en-v1.5"),
  /** Folder of local models; unset = `<package root>/.cache/models` (what `npm run models` fills). */
  modelDir: z.string().min(1).optional(),
  /** Lets a machine with a model hub download a model missing from `modelDir`. */
  allowRemoteModels: z.union([z.boolean(), z.stringbool()]).default(false),
  /** Texts per model call. */
  embeddingBatchSize: z.coerce.number().int().min(1).max(2048).default(32),
  openaiApiKey: z.string().min(1).optional(),
  /** An OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1. */
  openaiBaseUrl: z.url().optional(),
  openaiEmbeddingModel: z.string().min(1).default("text-embedding-3-small"),
  /** Requested vector size for models that can shorten their output (OpenAI text-embedding-3-*). */
  embeddingDimensions: z.coerce.number().int().positive().optional(),
  /** none: no LLM step (default, fully offline); openai: LangChain ChatOpenAI against OpenAI or any compatible server. */
  llm: z.enum(["none", "openai"]).default("none"),
  /** An OpenAI-compatible chat server, e.g. http://127.0.0.1:8088/v1 (`npm run llm:serve`); unset = OpenAI. */
  llmBaseUrl: z.url().optional(),
  llmModel: z.string().min(1).default("gpt-4o-mini"),
  /** Optional: local servers accept any key; falls back to OPENAI_API_KEY. */
  llmApiKey: z.string().min(1).optional(),
  /** Per LLM request, milliseconds. */
  llmTimeoutMs: z.coerce.number().int().positive().default(120_000),
  /** Retries of one LLM request (HTTP errors, rate limits) before its batch fails. */
  llmMaxRetries: z.coerce.number().int().min(0).max(10).default(2),
  /** The offline reader also weighs each candidate sentence's cosine to the question (embeds up to 16 per question). */
  readerSimilarity: z.union([z.boolean(), z.stringbool()]).default(false),
  /** The offline reader's floor: its best candidate must score this to be the answer (unset: the reader's own, 0.48). */
  readerMinScore: z.coerce.number().min(0).max(1).optional(),
  /** Chunks extracted per LLM checkpoint (one store transaction each). */
  llmBatchSize: z.coerce.number().int().min(1).max(256).default(4),
  /** Completion cap per extraction call; the schema's maxItems keeps answers short too. */
  llmMaxTokens: z.coerce.number().int().min(16).max(32_000).default(1024),
  /** Skeleton indexing (KET-RAG): share of chunks, by PageRank on the kNN chunk graph, that get full extraction. */
  skeletonBeta: z.coerce.number().min(0).max(1).default(0.3),
  /** Neighbours per chunk in the SIMILAR_TO kNN graph. */
  knnK: z.coerce.number().int().min(1).max(100).default(5),
  /** `agr serve`: interface to bind; loopback unless asked otherwise. */
  httpHost: z.string().min(1).default("127.0.0.1"),
  httpPort: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** Bearer keys the server accepts (comma-separated); none = no auth (loopback use). */
  httpApiKeys: commaList,
  /** Lets `agr serve` bind beyond loopback without API keys (it warns); refused otherwise. */
  httpAllowPublic: z.union([z.boolean(), z.stringbool()]).default(false),
  /**
   * Host header names the server answers besides loopback and the bound address (comma-separated;
   * `name` at any port, `name:port` at that port, `*` any): others are 403 (DNS rebinding).
   */
  httpAllowedHosts: commaList,
  /** Requests per minute per API key (per client address without auth); 0 = unlimited. */
  httpRateLimit: z.coerce.number().int().min(0).default(600),
  /** Largest JSON body, KiB; uploads are limited by AGR_MAX_FILE_MB instead. */
  httpMaxBodyKb: z.coerce.number().int().min(1).max(1_048_576).default(1024),
  /**
   * Questions (query, chat, retrieve) answered at once; more wait in arrival order, within their
   * deadline. Keeps background ingestion moving under load (see src/service/answer-slots.ts).
   */
  httpMaxConcurrency: z.coerce.number().int().min(1).max(1024).default(4),
  /** Per request, milliseconds (streams are limited by the client, not this). */
  httpTimeoutMs: z.coerce.number().int().positive().default(120_000),
  /** Origins allowed by CORS (comma-separated, or *); none = no CORS headers. */
  httpCorsOrigins: commaList,
  /** Server-side folders `POST /v1/documents {"paths": [...]}` may ingest from; none = uploads only. */
  httpIngestRoots: commaList,
  /** How long shutdown waits for in-flight requests and the running ingest checkpoint, ms. */
  httpShutdownGraceMs: z.coerce.number().int().min(0).default(10_000),
  /** Server state beside the store: uploaded files and ingest jobs. Unset = the store's folder. */
  dataDir: z.string().min(1).optional(),
  /**
   * The isolated document set commands work on (`--workspace`); "default" is the store itself,
   * another name its own store file (embedded) or its own labels (Neo4j): src/service/workspaces.ts.
   */
  workspace: z
    .string()
    .regex(WORKSPACE_NAME, "expected a workspace name: a-z, 0-9, _ and -, at most 32")
    .default("default"),
  /** Workspaces `agr serve` holds besides "default" (comma-separated names). */
  workspaces: commaList,
  /** Keys bound to one workspace, `name:key` (comma-separated): such a key reaches only its workspace. */
  httpWorkspaceKeys: commaList,
  /**
   * Set = every command and the server use Neo4j instead of the embedded file: bolt://, neo4j://
   * (routing: cluster, Aura), bolt+s:// or neo4j+s://.
   */
  neo4jUri: z
    .string()
    .regex(/^(bolt|neo4j)(\+s|\+ssc)?:\/\/[^\s]+$/, "expected bolt://, neo4j://, bolt+s:// or neo4j+s://")
    .optional(),
  neo4jUser: z.string().min(1).optional(),
  neo4jPassword: z.string().optional(),
  neo4jDatabase: z.string().min(1).default("neo4j"),
  /** Graph algorithms (PageRank, Louvain, VectorCypher) in the database when GDS is loaded. */
  neo4jPushdown: z.union([z.boolean(), z.stringbool()]).default(true),
});
export type Config = z.infer<typeof ConfigSchema>;

const ENV_KEYS: Record<keyof Config, string> = {
  storePath: "AGR_STORE",
  maxFileMb: "AGR_MAX_FILE_MB",
  chunkTokens: "AGR_CHUNK_TOKENS",
  maxRetries: "AGR_MAX_RETRIES",
  batchSize: "AGR_BATCH_SIZE",
  embedder: "AGR_EMBEDDER",
  embeddingModel: "AGR_EMBEDDING_MODEL",
  modelDir: "AGR_MODEL_DIR",
  allowRemoteModels: "AGR_ALLOW_REMOTE_MODELS",
  embeddingBatchSize: "AGR_EMBEDDING_BATCH_SIZE",
  openaiApiKey: "OPENAI_API_KEY",
  openaiBaseUrl: "OPENAI_BASE_URL",
  openaiEmbeddingModel: "AGR_OPENAI_EMBEDDING_MODEL",
  embeddingDimensions: "AGR_EMBEDDING_DIMENSIONS",
  llm: "AGR_LLM",
  llmBaseUrl: "AGR_LLM_BASE_URL",
  llmModel: "AGR_LLM_MODEL",
  llmApiKey: "AGR_LLM_API_KEY",
  llmTimeoutMs: "AGR_LLM_TIMEOUT_MS",
  llmMaxRetries: "AGR_LLM_MAX_RETRIES",
  readerSimilarity: "AGR_READER_SIMILARITY",
  readerMinScore: "AGR_READER_MIN_SCORE",
  llmBatchSize: "AGR_LLM_BATCH_SIZE",
  llmMaxTokens: "AGR_LLM_MAX_TOKENS",
  skeletonBeta: "AGR_SKELETON_BETA",
  knnK: "AGR_KNN_K",
  httpHost: "AGR_HTTP_HOST",
  httpPort: "AGR_HTTP_PORT",
  httpApiKeys: "AGR_HTTP_API_KEYS",
  httpAllowPublic: "AGR_HTTP_ALLOW_PUBLIC",
  httpAllowedHosts: "AGR_HTTP_ALLOWED_HOSTS",
  httpRateLimit: "AGR_HTTP_RATE_LIMIT",
  httpMaxBodyKb: "AGR_HTTP_MAX_BODY_KB",
  httpMaxConcurrency: "AGR_HTTP_MAX_CONCURRENCY",
  httpTimeoutMs: "AGR_HTTP_TIMEOUT_MS",
  httpCorsOrigins: "AGR_HTTP_CORS_ORIGINS",
  httpIngestRoots: "AGR_HTTP_INGEST_ROOTS",
  httpShutdownGraceMs: "AGR_HTTP_SHUTDOWN_GRACE_MS",
  dataDir: "AGR_DATA_DIR",
  workspace: "AGR_WORKSPACE",
  workspaces: "AGR_WORKSPACES",
  httpWorkspaceKeys: "AGR_HTTP_WORKSPACE_KEYS",
  neo4jUri: "NEO4J_URI",
  neo4jUser: "NEO4J_USER",
  neo4jPassword: "NEO4J_PASSWORD",
  neo4jDatabase: "NEO4J_DATABASE",
  neo4jPushdown: "AGR_NEO4J_PUSHDOWN",
};

export const CONFIG_ENV_KEYS = ENV_KEYS;

/**
 * AGR_PPR_EPSILON, raw: the PPR push threshold for benchmarks ("0" runs the full power
 * iteration). Read here, where every other setting is read; the ranking module parses it.
 */
export const pprEpsilonSetting = (
  env: Record<string, string | undefined> = process.env,
): string | undefined => env.AGR_PPR_EPSILON;

/** Reads the environment (or a given record) and applies explicit overrides on top. */
export function loadConfig(
  overrides: Partial<Config> = {},
  env: Record<string, string | undefined> = process.env,
): Config {
  const raw: Record<string, unknown> = {};
  for (const [key, envKey] of Object.entries(ENV_KEYS)) {
    const value = env[envKey];
    if (value !== undefined && value !== "") raw[key] = value;
  }
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) raw[key] = value;
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path[0];
    const name = typeof key === "string" && key in ENV_KEYS ? ENV_KEYS[key as keyof Config] : String(key);
    throw userError("bad_config", `invalid setting ${name}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
