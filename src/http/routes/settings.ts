import { z } from "zod";
import { CONFIG_ENV_KEYS, type Config } from "../../config.js";
import { DEFAULT_BLEND } from "../../retrieval/blend.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema, HttpError } from "../http-error.js";
import { defineRoute } from "../route.js";

const ValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

export const ConfigViewSchema = z.object({
  settings: z.array(
    z.object({
      key: z.string(),
      env: z.string(),
      value: ValueSchema,
      /** The value is a secret and was masked (only whether it is set shows). */
      secret: z.boolean(),
    }),
  ),
  store: z.object({ backend: z.enum(["embedded", "neo4j"]), documents: z.number().int().nonnegative() }),
  embedding: z.object({ model: z.string(), dim: z.number().int().positive() }).nullable(),
  /** The graph mode's blended score weights. */
  scoring: z.record(z.string(), z.number()),
});

// Suffix match on the camelCase name: chunkTokens and llmMaxTokens are sizes, not secrets.
const SECRET = /(?:key|keys|secret|password|token)$/i;
export const MASK = "••••••";

/** A URL with user:password@ keeps its host but loses the credentials. */
function maskUrl(value: string): string {
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return value;
    url.username = MASK;
    url.password = "";
    return url.toString();
  } catch {
    return value;
  }
}

/** Every setting with secrets masked: the names of the keys show, never a character of them. */
export function maskedSettings(config: Config) {
  return (Object.keys(CONFIG_ENV_KEYS) as Array<keyof Config>).map((key) => {
    const raw = config[key];
    const secret = SECRET.test(key);
    let value: z.infer<typeof ValueSchema> = raw ?? null;
    if (secret && raw !== undefined)
      value = Array.isArray(raw) ? raw.map(() => MASK) : raw === "" ? "" : MASK;
    else if (typeof raw === "string") value = maskUrl(raw);
    return { key, env: CONFIG_ENV_KEYS[key], value, secret };
  });
}

/** GET /v1/config (active settings, secrets masked) and DELETE /v1/store (remove every document). */
export function settingsRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/config",
      summary: "The active configuration with secrets masked, the store backend and the scoring weights",
      tag: "operations",
      responses: { 200: { description: "the configuration", schema: ConfigViewSchema } },
      handler: async (c) => {
        const engine = ctx.engine();
        const body: z.infer<typeof ConfigViewSchema> = {
          settings: maskedSettings(engine.config),
          store: { backend: engine.store.backend, documents: (await engine.store.listDocuments()).length },
          embedding: engine.embedder ? { model: engine.embedder.id, dim: engine.embedder.dim } : null,
          scoring: { ...DEFAULT_BLEND },
        };
        return c.json(body);
      },
    }),
    defineRoute({
      method: "delete",
      path: "/v1/store",
      summary:
        "Remove every document (and the entities only they mentioned); needs ?confirm=delete-all-documents",
      tag: "documents",
      query: z.object({
        confirm: z.literal("delete-all-documents", {
          error: "add ?confirm=delete-all-documents to clear the store",
        }),
      }),
      responses: {
        200: { description: "what was removed", schema: z.object({ deleted: z.array(z.string()) }) },
        400: { description: "no confirmation", schema: ErrorBodySchema },
        409: { description: "an ingest job is queued or running", schema: ErrorBodySchema },
      },
      handler: async (c) => {
        const engine = ctx.engine();
        const busy = engine.jobs.list().some((j) => j.status === "running" || j.status === "queued");
        if (busy)
          throw new HttpError(409, "busy", "an ingest job is running; clear the store when it is done");
        const deleted: string[] = [];
        // One document at a time through the engine: each delete waits for the write lock.
        for (const d of await engine.store.listDocuments())
          if (await engine.deleteDocument(d.id)) deleted.push(d.id);
        return c.json({ deleted });
      },
    }),
  ];
}
