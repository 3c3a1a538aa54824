import { z } from "zod";
import { BboxSchema } from "../domain/bbox.js";
import { ExpansionReasonSchema } from "./expand.js";

/** Where a piece of evidence can be opened: a URL with fragment, or a PDF page with boxes. */
export const CitationSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("url"), url: z.string() }),
  z.object({
    kind: z.literal("pdf"),
    uri: z.string(),
    page: z.number().int().positive(),
    bboxes: z.array(BboxSchema),
  }),
]);
export type Citation = z.infer<typeof CitationSchema>;

export const EvidenceSchema = z.object({
  /** "S1", "S2", ... as cited in answers. */
  sid: z.string(),
  chunk_id: z.string(),
  section_id: z.string(),
  doc_id: z.string(),
  title: z.string(),
  heading_path: z.array(z.string()),
  text: z.string(),
  char_start: z.number().int().nonnegative(),
  char_end: z.number().int().nonnegative(),
  score: z.number(),
  citation: CitationSchema,
  /** Present when structure expansion brought the chunk in (up/side/down/cross/same). */
  expansion: z
    .object({
      reason: ExpansionReasonSchema,
      hops: z.number().int().positive(),
      via: z.string(),
    })
    .optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const SectionSummarySchema = z.object({
  section_id: z.string(),
  breadcrumbs: z.string(),
  title: z.string(),
  /** The enclosing section, when this one is a subsection. */
  parent_id: z.string().optional(),
  /** The section's opening words (up to about 40). */
  lead: z.string(),
});
export type SectionSummary = z.infer<typeof SectionSummarySchema>;

/** What retrieval hands to an answerer: ranked, diversified evidence within a token budget. */
export const ContextBundleSchema = z.object({
  query: z.string(),
  mode: z.string(),
  /**
   * Parent sections of the evidence (and their own parents), with breadcrumbs and the section's
   * opening words, so an answer can say where it is. Never empty when there is evidence.
   */
  summaries: z.array(SectionSummarySchema),
  evidence: z.array(EvidenceSchema),
  token_count: z.number().int().nonnegative(),
  token_budget: z.number().int().positive(),
});
export type ContextBundle = z.infer<typeof ContextBundleSchema>;
