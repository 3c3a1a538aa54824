import { z } from "zod";
import type { RetrievalFilter } from "../src/domain/retrieval-filter.js";
import type { Embedder } from "../src/index/embeddings/embedder.js";
import { buildBundle, DEFAULT_TOKEN_BUDGET } from "../src/retrieval/build-bundle.js";
import { ContextBundleSchema, EvidenceSchema } from "../src/retrieval/context-bundle.js";
import type { RetrievedChunk } from "../src/retrieval/retrieval-mode.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { withinFilter } from "./tool-filter.js";

/** What every retrieval tool needs: the GraphStore port, and an embedder when vectors exist. */
export interface ToolDeps {
  store: GraphStore;
  embedder?: Embedder;
  /** The scope the caller bound (see RetrievalFilter): every call searches and cites only inside it. */
  filter?: RetrievalFilter;
}

/** One ranked chunk, as retrieve() returns it: tools hand these on so callers can fuse rankings. */
export const RankedHitSchema = z.object({
  chunk_id: z.string(),
  section_id: z.string(),
  doc_id: z.string(),
  score: z.number(),
  expansion: EvidenceSchema.shape.expansion,
});
export type RankedHit = z.infer<typeof RankedHitSchema>;

/** subject –predicate→ object, from a Relation node (its sentence and dates when it has them). */
export const TripletSchema = z.object({
  subject: z.string(),
  predicate: z.string(),
  object: z.string(),
  relation_id: z.string(),
  chunk_id: z.string(),
  evidence: z.string(),
  /** Entity hops from the entry passages (0: stated in or about an entry passage's entities). */
  hops: z.number().int().nonnegative(),
  valid_from: z.string().optional(),
  valid_to: z.string().optional(),
});
export type Triplet = z.infer<typeof TripletSchema>;

/** A chain of entities linked by shared passages or stated relations, serialised for context. */
export const GraphPathSchema = z.object({
  entities: z.array(z.string()).min(1),
  /** e.g. "Olof Palme —(passage S3)— Lisbeth Palme —[spouse of]→ ..." */
  text: z.string(),
  chunk_ids: z.array(z.string()),
  hops: z.number().int().nonnegative(),
  /**
   * Each hop between entities[i] and entities[i + 1]: the passage it rests on and, for a stated
   * relation, its predicate (forward: entities[i] is the subject). Lets a caller re-read the path
   * against its own bundle.
   */
  steps: z
    .array(
      z.object({ chunk_id: z.string(), predicate: z.string().optional(), forward: z.boolean().optional() }),
    )
    .optional(),
});
export type GraphPath = z.infer<typeof GraphPathSchema>;

/** Output of every retrieval tool: a cited ContextBundle plus what the graph contributed. */
export const ToolResultSchema = z.object({
  tool: z.string(),
  query: z.string(),
  /** The ranking actually used ("dense", "hybrid", "bm25 seeds + graph", ...). */
  mode: z.string(),
  ranked: z.array(RankedHitSchema),
  bundle: ContextBundleSchema,
  triplets: z.array(TripletSchema),
  paths: z.array(GraphPathSchema),
  /** Entity names the tool started from or passed through. */
  entities: z.array(z.string()),
  /** Fallbacks and caps worth a line in the trace. */
  notes: z.array(z.string()),
});
export type ToolResult = z.infer<typeof ToolResultSchema>;

/** Shared input fields of the retrieval tools. */
export const QueryField = z.string().min(1).describe("the question or search query");
export const BudgetField = z
  .number()
  .int()
  .min(100)
  .max(32_000)
  .default(DEFAULT_TOKEN_BUDGET)
  .describe("token budget of the returned context bundle");

/**
 * Packs a ranking into a cited bundle and validates the tool's output at the boundary. With a
 * filter, passages, facts and paths outside it are dropped first (see withinFilter).
 */
export async function toolResult(
  store: GraphStore,
  parts: Omit<ToolResult, "bundle" | "ranked" | "triplets" | "paths" | "entities" | "notes"> & {
    ranked: readonly RetrievedChunk[];
    budget: number;
    filter?: RetrievalFilter | undefined;
  } & Partial<Pick<ToolResult, "triplets" | "paths" | "entities" | "notes">>,
): Promise<ToolResult> {
  const kept = await withinFilter(store, parts.filter, {
    ranked: parts.ranked,
    triplets: parts.triplets ?? [],
    paths: parts.paths ?? [],
  });
  const bundle = await buildBundle(store, parts.query, parts.mode, kept.ranked, parts.budget);
  return ToolResultSchema.parse({
    tool: parts.tool,
    query: parts.query,
    mode: parts.mode,
    ranked: kept.ranked,
    bundle,
    triplets: kept.triplets,
    paths: kept.paths,
    entities: parts.entities ?? [],
    notes: parts.notes ?? [],
  });
}
