/**
 * The scale benchmark's figures as data: what a build and a query process measure, a report's
 * rows (one per backend and size), with the schemas that read them back (a kept build's
 * figures, an earlier report merged into a new one).
 */
import { z } from "zod";

export const MODES = ["bm25", "dense", "hybrid", "ppr"] as const;
export type ScaleMode = (typeof MODES)[number];
export const BACKENDS = ["embedded", "neo4j"] as const;
export type ScaleBackend = (typeof BACKENDS)[number];

export const BuildStatsSchema = z.object({
  chunks: z.number(),
  nodes: z.number(),
  edges: z.number(),
  vectors: z.number(),
  /** Milliseconds in store.write per phase. */
  write_ms: z.object({ nodes: z.number(), edges: z.number(), vectors: z.number() }),
  /** Making the store searchable after the writes: HNSW build (embedded), index wait (Neo4j). */
  ann_ms: z.number(),
  /** Store file, WAL and saved indexes; Neo4j: database directory and transaction logs. */
  disk_bytes: z.number(),
});
export type BuildStats = z.infer<typeof BuildStatsSchema>;

const LatencySchema = z.object({ n: z.number(), p50: z.number(), p95: z.number(), first: z.number() });
export const QueryStatsSchema = z.object({
  open_ms: z.number(),
  /** Open + the first ppr question (BM25, both HNSW indexes and the graph walk all load). */
  first_query_ms: z.number(),
  modes: z.object({ bm25: LatencySchema, dense: LatencySchema, hybrid: LatencySchema, ppr: LatencySchema }),
  rss_peak_bytes: z.number(),
  rss_bytes: z.number(),
});
export type QueryStats = z.infer<typeof QueryStatsSchema>;

/** Resident memory of the Neo4j JVM (Linux /proc): peak while writing, peak and last while querying. */
export const JvmMemorySchema = z.object({
  heap: z.string(),
  build_peak_bytes: z.number(),
  query_peak_bytes: z.number(),
  query_bytes: z.number(),
});
export type JvmMemory = z.infer<typeof JvmMemorySchema>;

export const ScaleRowSchema = z.object({
  /** Absent in reports written before the Neo4j backend: embedded. */
  backend: z.enum(BACKENDS).default("embedded"),
  size: z.number(),
  build: BuildStatsSchema,
  query: QueryStatsSchema,
  jvm: JvmMemorySchema.optional(),
  /** `uptime` load averages (1, 5, 15 min) when the build and the queries ended. */
  load: z.object({ build: z.string(), query: z.string() }),
});
export type ScaleRow = z.infer<typeof ScaleRowSchema>;

export const ScaleReportSchema = z.object({
  created: z.string(),
  machine: z.string(),
  base: z.string(),
  notes: z.array(z.string()),
  rows: z.array(ScaleRowSchema),
});
export type ScaleReport = z.infer<typeof ScaleReportSchema>;

export const sizeLabel = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));
