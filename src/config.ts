import { z } from "zod";
import { userError } from "./errors.js";

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
});
export type Config = z.infer<typeof ConfigSchema>;

const ENV_KEYS: Record<keyof Config, string> = {
  storePath: "AGR_STORE",
  maxFileMb: "AGR_MAX_FILE_MB",
  chunkTokens: "AGR_CHUNK_TOKENS",
  maxRetries: "AGR_MAX_RETRIES",
  batchSize: "AGR_BATCH_SIZE",
};

export const CONFIG_ENV_KEYS = ENV_KEYS;

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
