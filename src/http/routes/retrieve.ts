import { z } from "zod";
import { RetrievalFilterSchema } from "../../domain/retrieval-filter.js";
import { DEFAULT_TOKEN_BUDGET } from "../../retrieval/build-bundle.js";
import { ContextBundleSchema } from "../../retrieval/context-bundle.js";
import { RetrievalModeSchema } from "../../retrieval/retrieval-mode.js";
import { routeLabel } from "../../service/query-monitor.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema } from "../http-error.js";
import { defineRoute } from "../route.js";

export const RetrieveRequestSchema = z.strictObject({
  question: z.string().trim().min(1, "the question is empty").max(4000),
  mode: RetrievalModeSchema.default("ppr"),
  k: z.number().int().min(1).max(200).default(30),
  budget: z.number().int().min(50).max(64_000).default(DEFAULT_TOKEN_BUDGET),
  expand: z.boolean().default(true),
  /** Only chunks of matching documents, pages and sections are ranked and cited. */
  filter: RetrievalFilterSchema.optional(),
});

/** POST /v1/retrieve: the cited, token-budgeted ContextBundle `agr retrieve --json` prints. */
export function retrieveRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "post",
      path: "/v1/retrieve",
      summary: "Retrieve a cited, token-budgeted context bundle",
      tag: "query",
      body: RetrieveRequestSchema,
      responses: {
        200: { description: "the ContextBundle", schema: ContextBundleSchema },
        400: { description: "malformed request", schema: ErrorBodySchema },
      },
      handler: async (c, { body }) => {
        const engine = ctx.engine();
        const started = ctx.queries.start();
        const { question, ...request } = body;
        const bundle = await engine.retrieve(question, request, c.get("signal")).catch((e) => {
          ctx.queries.recordError("retrieve");
          throw e;
        });
        ctx.queries.record({
          route: routeLabel(request.mode),
          endpoint: "retrieve",
          started,
          not_found: bundle.evidence.length === 0,
          question,
        });
        return c.json(bundle);
      },
    }),
  ];
}
