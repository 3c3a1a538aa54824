import { z } from "zod";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema } from "../http-error.js";
import { defineRoute } from "../route.js";

const ReadySchema = z.object({
  status: z.literal("ready"),
  store: z.object({ backend: z.enum(["embedded", "neo4j"]), documents: z.number().int().nonnegative() }),
  embedding: z.object({ model: z.string(), dim: z.number().int().positive() }).nullable(),
  jobs: z.object({ queued: z.number().int().nonnegative(), running: z.number().int().nonnegative() }),
});

/** Liveness (the process answers) and readiness (store open, model loaded). */
export function healthRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/healthz",
      summary: "Liveness: the process is up",
      tag: "operations",
      open: true,
      beforeReady: true,
      responses: { 200: { description: "up", schema: z.object({ status: z.literal("ok") }) } },
      handler: (c) => c.json({ status: "ok" as const }),
    }),
    defineRoute({
      method: "get",
      path: "/readyz",
      summary: "Readiness: store open and models loaded",
      tag: "operations",
      open: true,
      beforeReady: true,
      responses: {
        200: { description: "ready", schema: ReadySchema },
        503: { description: "loading, failed or shutting down", schema: ErrorBodySchema },
      },
      handler: async (c) => {
        const engine = ctx.engine();
        const jobs = engine.jobs.list();
        const body: z.infer<typeof ReadySchema> = {
          status: "ready",
          store: { backend: engine.store.backend, documents: (await engine.store.listDocuments()).length },
          embedding: engine.embedder ? { model: engine.embedder.id, dim: engine.embedder.dim } : null,
          jobs: {
            queued: jobs.filter((j) => j.status === "queued").length,
            running: jobs.filter((j) => j.status === "running").length,
          },
        };
        return c.json(body);
      },
    }),
  ];
}
