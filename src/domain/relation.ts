import { z } from "zod";

/**
 * A fact asserted by one passage: subject –predicate→ object between two entities, anchored to
 * its Section (Section -ASSERTS-> Relation) and chunk. `source` tells the rule-based extractor
 * from an LLM; `valid_from` / `valid_to` (ISO dates) make it a time-stamped fact when the text
 * dates it.
 */
export const RelationNodeSchema = z.object({
  label: z.literal("Relation"),
  id: z.string(),
  doc_id: z.string(),
  section_id: z.string(),
  chunk_id: z.string(),
  /** Entity ids. */
  subject: z.string(),
  object: z.string(),
  /** Normalised predicate, e.g. "acquire", "director of". */
  predicate: z.string().min(1),
  /** The sentence (or clause) that states it. */
  evidence: z.string(),
  source: z.enum(["rules", "llm"]),
  confidence: z.number().min(0).max(1).optional(),
  valid_from: z.string().optional(),
  valid_to: z.string().optional(),
});
export type RelationNode = z.infer<typeof RelationNodeSchema>;
