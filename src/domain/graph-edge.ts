import { z } from "zod";

export const EdgeTypeSchema = z.enum([
  "CONTAINS",
  "PART_OF",
  "NEXT",
  "LINKS_TO",
  "REFERS_TO",
  "EXPLAINED_BY",
  /** Section → Entity it mentions. */
  "MENTIONS",
  /** Entity → Chunk (passage) that mentions it: the phrase + passage graph. */
  "MENTIONED_IN",
  /** Section → Relation it states (the fact's anchor). */
  "ASSERTS",
  /** Relation → its subject / object Entity. */
  "SUBJECT",
  "OBJECT",
  /** Entity → Entity shortcut for a Relation (props.predicate), for typed traversal. */
  "RELATED_TO",
  /** Table → Entity the table defines (a row or column header naming it). */
  "DEFINES",
  /** Entity → Entity whose names embed above a similarity threshold (props.weight = cosine). */
  "SYNONYM",
  /** Chunk → Chunk among its k nearest neighbours by text vector (props.weight = cosine). */
  "SIMILAR_TO",
  /** Section ↔ Section (stored once, src < dst) from references and shared CORE/IMPORTANT entities (props.weight). */
  "RELATED_SECTION",
  /** Section or Entity → the Community it belongs to. */
  "IN_COMMUNITY",
]);
export type EdgeType = z.infer<typeof EdgeTypeSchema>;

export const RefReasonSchema = z.enum(["DEFINED_IN", "DETAILED_IN", "REFERENCED_IN"]);
export type RefReason = z.infer<typeof RefReasonSchema>;

export const EdgePropsSchema = z.object({
  anchor_text: z.string().optional(),
  position: z.number().int().nonnegative().optional(),
  reason: RefReasonSchema.optional(),
  locator: z.string().optional(),
  chunk_id: z.string().optional(),
  /** RELATED_TO: the relation's predicate. */
  predicate: z.string().optional(),
  /** Edge strength for graph algorithms (e.g. a passage titled by the entity weighs more). */
  weight: z.number().positive().optional(),
});

/**
 * A typed relationship. Identity (MERGE key) is (src, type, dst, section_id): the same
 * relation asserted from two sections is two edges. `doc_id` is the document that produced it.
 */
export const GraphEdgeSchema = z.object({
  src: z.string(),
  type: EdgeTypeSchema,
  dst: z.string(),
  section_id: z.string().default(""),
  doc_id: z.string(),
  props: EdgePropsSchema.default({}),
});
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;
export type GraphEdgeInput = z.input<typeof GraphEdgeSchema>;
