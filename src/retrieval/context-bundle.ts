import { z } from "zod";
import { BboxSchema } from "../domain/bbox.js";

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
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** What retrieval hands to an answerer: ranked, diversified evidence within a token budget. */
export const ContextBundleSchema = z.object({
  query: z.string(),
  mode: z.string(),
  /** Parent sections of the evidence, with breadcrumbs, so an answer can say where it is. */
  summaries: z.array(z.object({ section_id: z.string(), breadcrumbs: z.string() })),
  evidence: z.array(EvidenceSchema),
  token_count: z.number().int().nonnegative(),
  token_budget: z.number().int().positive(),
});
export type ContextBundle = z.infer<typeof ContextBundleSchema>;
