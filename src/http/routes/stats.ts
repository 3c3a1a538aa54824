import { z } from "zod";
import { ChunkStatusSchema } from "../../domain/chunk.js";
import { DocumentKindSchema } from "../../domain/document.js";
import { collectStats, type StatsReport } from "../../ingest/stats-report.js";
import type { ServerContext } from "../app-env.js";
import { OperationsReportSchema, operationsReport } from "../operations-report.js";
import { defineRoute } from "../route.js";

const n = z.number().int().nonnegative();

export const DocumentStatsSchema = z.object({
  doc_id: z.string(),
  uri: z.string(),
  title: z.string(),
  kind: DocumentKindSchema,
  pages: n,
  sections: n,
  synthetic_sections: n,
  chunks: n,
  tables: n,
  figures: n,
  refs_resolved: n,
  refs_unresolved: n,
});

/** `agr stats --json`, as a schema (the CLI's interface is checked against it below). */
export const StatsReportSchema = z.object({
  embedding: z.object({ model: z.string(), dim: n, fallback: z.boolean() }).nullable(),
  documents: z.array(DocumentStatsSchema),
  totals: z.object({
    documents: n,
    pages: n,
    sections: n,
    synthetic_sections: n,
    chunks: n,
    tables: n,
    figures: n,
    refs_resolved: n,
    refs_unresolved: n,
    chunks_by_status: z.record(ChunkStatusSchema, n),
    links_to: n,
    refers_to: n,
    relations: n,
    relations_llm: n,
    similar_to: n,
  }),
  verification: z.object({
    sections: n,
    section_mentions_entity: n,
    section_refers_to_section: n,
    section_refers_to_table: n,
  }),
  warnings: z.array(z.string()),
});
// Compile-time: the CLI's report fits the published schema.
const _fits: z.input<typeof StatsReportSchema> = {} as StatsReport;
void _fits;

/** GET /v1/stats: `agr stats --json` plus the server's caches, query monitor and feedback counts. */
export const ServerStatsSchema = StatsReportSchema.extend(OperationsReportSchema.shape);

/** GET /v1/stats: the same JSON as `agr stats --json`, with `caches`, `queries` and `feedback` added. */
export function statsRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/stats",
      summary:
        "Per-document counts and the store's health report (`agr stats --json`), plus caches, queries by route and feedback",
      tag: "graph",
      responses: { 200: { description: "the report", schema: ServerStatsSchema } },
      handler: async (c) => {
        const engine = ctx.engine();
        const body: z.infer<typeof ServerStatsSchema> = {
          ...(await collectStats(engine.store)),
          ...(await operationsReport(ctx, engine)),
        };
        return c.json(body);
      },
    }),
  ];
}
