import { z } from "zod";

/**
 * The parts of the server's JSON the UI reads, validated as they arrive (loose objects: the
 * server may add fields; the UI must not break on them). Shapes follow /openapi.json.
 */

export const ErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const BboxSchema = z.object({
  page: z.number(),
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
});
export type Bbox = z.infer<typeof BboxSchema>;

export const CitationSchema = z.looseObject({
  S: z.string(),
  chunk_id: z.string(),
  uri: z.string(),
  url: z.string().optional(),
  page: z.number().optional(),
  bbox: z.array(BboxSchema).optional(),
  heading_path: z.array(z.string()),
});
export type Citation = z.infer<typeof CitationSchema>;

export const TraceEventSchema = z.object({
  step: z.string(),
  at_ms: z.number(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
});
export type TraceEvent = z.infer<typeof TraceEventSchema>;

export const AnswerSchema = z.looseObject({
  answer: z.string(),
  not_found: z.boolean(),
  /** Why the answer is "not found", in the engine's words (null when answered; absent from older servers). */
  not_found_reason: z.string().nullable().optional(),
  route: z.string(),
  citations: z.array(CitationSchema),
  verification: z.object({ sentences: z.number(), supported: z.number(), dropped: z.number() }),
  trace: z.array(TraceEventSchema),
  tokens: z.object({ prompt: z.number(), completion: z.number() }),
  trace_id: z.string(),
  question: z.string(),
});
export type Answer = z.infer<typeof AnswerSchema>;

export const ToolCallEventSchema = z.object({
  attempt: z.number(),
  call: z.object({
    tool: z.string(),
    input: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    evidence_ids: z.array(z.string()),
  }),
});
export type ToolCallEvent = z.infer<typeof ToolCallEventSchema>;

export const JobDocumentSchema = z.looseObject({
  name: z.string(),
  doc_id: z.string().nullable(),
  chunks: z.record(z.string(), z.number()),
  chunk_states: z.array(
    z.looseObject({
      seq: z.number(),
      status: z.string(),
      retry_count: z.number(),
      error: z.string().optional(),
    }),
  ),
});

export const JobSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  files: z.array(z.looseObject({ name: z.string() })),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  attempts: z.number(),
  progress: z.looseObject({
    phase: z.string(),
    files_done: z.number(),
    files_total: z.number(),
    chunks_done: z.number(),
  }),
  report: z
    .looseObject({ failed: z.array(z.looseObject({ path: z.string(), error: z.string() })) })
    .optional(),
  documents: z.array(JobDocumentSchema).optional(),
});
export type Job = z.infer<typeof JobSchema>;

export const AcceptedSchema = z.looseObject({ job_id: z.string(), status: z.string() });

export const DocumentStatsSchema = z.looseObject({
  doc_id: z.string(),
  uri: z.string(),
  title: z.string(),
  kind: z.string(),
  pages: z.number(),
  sections: z.number(),
  chunks: z.number(),
  tables: z.number(),
  figures: z.number(),
  refs_resolved: z.number(),
  refs_unresolved: z.number(),
});
export type DocumentStats = z.infer<typeof DocumentStatsSchema>;

export const StatsSchema = z.looseObject({
  documents: z.array(DocumentStatsSchema),
  totals: z.looseObject({
    documents: z.number(),
    chunks: z.number(),
    chunks_by_status: z.record(z.string(), z.number()),
  }),
  warnings: z.array(z.string()),
});
export type Stats = z.infer<typeof StatsSchema>;

export const GraphNodeSchema = z.looseObject({ id: z.string(), label: z.string(), doc_id: z.string() });
export type GraphNode = z.infer<typeof GraphNodeSchema>;
export const GraphEdgeSchema = z.looseObject({ src: z.string(), type: z.string(), dst: z.string() });
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;
export const SubgraphSchema = z.object({ nodes: z.array(GraphNodeSchema), edges: z.array(GraphEdgeSchema) });
export type Subgraph = z.infer<typeof SubgraphSchema>;

export const SearchHitSchema = z.object({
  id: z.string(),
  label: z.string(),
  text: z.string(),
  context: z.string(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;
export const SearchSchema = z.object({ hits: z.array(SearchHitSchema) });

export const GraphStatsSchema = z.object({
  backend: z.string(),
  nodes: z.record(z.string(), z.number()),
  edges: z.record(z.string(), z.number()),
});

export const ConfigSchema = z.looseObject({
  settings: z.array(
    z.object({
      key: z.string(),
      env: z.string(),
      value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
      secret: z.boolean(),
    }),
  ),
  store: z.object({ backend: z.string(), documents: z.number() }),
  embedding: z.object({ model: z.string(), dim: z.number() }).nullable(),
  scoring: z.record(z.string(), z.number()),
});
export type ConfigView = z.infer<typeof ConfigSchema>;

const Score = z.number().nullable().optional();
export const ModeMetricsSchema = z.looseObject({
  "recall@2": Score,
  "recall@5": Score,
  "recall@10": Score,
  mrr: Score,
  "ndcg@10": Score,
  em: Score,
  f1: Score,
  latency_ms: z.object({ p50: z.number(), p95: z.number() }),
  tokens: z.object({ prompt: z.number(), completion: z.number() }).optional(),
});
export type ModeMetrics = z.infer<typeof ModeMetricsSchema>;

export const EvalsSchema = z.object({
  dir: z.string(),
  reports: z.array(
    z.object({
      name: z.string(),
      written_at: z.string(),
      chart: z.string().nullable(),
      report: z.looseObject({
        dataset: z.string(),
        split: z.string(),
        questions: z.number(),
        embedder: z.string(),
        modes: z.record(z.string(), ModeMetricsSchema),
      }),
    }),
  ),
});
export type Evals = z.infer<typeof EvalsSchema>;

const CacheStatsSchema = z.looseObject({
  entries: z.number(),
  capacity: z.number(),
  hits: z.number(),
  misses: z.number(),
  hit_rate: z.number(),
  evictions: z.number(),
});
export type CacheStats = z.infer<typeof CacheStatsSchema>;

/** The operations part of GET /v1/stats: caches, queries by route, feedback counts. */
export const OperationsSchema = z.looseObject({
  caches: z.looseObject({
    store_version: z.number(),
    retrieval: CacheStatsSchema,
    tool_results: CacheStatsSchema,
    subgraphs: CacheStatsSchema,
    community_summaries: z.object({ communities: z.number(), summarised: z.number() }),
  }),
  queries: z.looseObject({
    total: z.number(),
    routes: z.record(
      z.string(),
      z.looseObject({
        count: z.number(),
        not_found_rate: z.number(),
        latency_ms: z.looseObject({ p50: z.number(), p95: z.number() }),
      }),
    ),
  }),
  feedback: z.looseObject({
    helpful: z.number(),
    unhelpful: z.number(),
    citation_clicks: z.number(),
    queries: z.number(),
  }),
});
export type Operations = z.infer<typeof OperationsSchema>;

export const FeedbackAcceptedSchema = z.object({ id: z.string() });

/** GET /v1/workspaces: what the switcher offers. */
export const WorkspacesSchema = z.object({
  current: z.string(),
  workspaces: z.array(z.string()),
  header: z.string(),
});
