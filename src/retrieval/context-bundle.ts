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
    /**
     * A passage over a page break: each page it spans, where in its text that page begins, and
     * that page's boxes, so an answer can cite the page its sentence is on.
     */
    pages: z
      .array(
        z.object({
          page: z.number().int().positive(),
          at: z.number().int().nonnegative(),
          bboxes: z.array(BboxSchema),
        }),
      )
      .optional(),
  }),
]);
export type Citation = z.infer<typeof CitationSchema>;

/** Where a citation points: the URL (with its fragment), or the PDF's uri. */
export const citationAddress = (c: Citation): string => (c.kind === "url" ? c.url : c.uri);

/**
 * What an evidence item is: a retrieved passage (the default, also when the field is absent), or
 * what the graph tools found, stated as text that cites the passage it came from: a fact
 * (subject–predicate–object), a path between entities or a cross-reference hop, a community
 * summary, or a dated fact.
 */
export const EvidenceKindSchema = z.enum(["passage", "fact", "path", "summary", "temporal"]);
export type EvidenceKind = z.infer<typeof EvidenceKindSchema>;

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
  /** Absent on passages (older consumers keep reading them as before); set on graph items. */
  kind: EvidenceKindSchema.optional(),
  /** Set when a planned hop of a multi-hop question brought the passage (1 = the first hop). */
  hop: z.number().int().positive().optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** An item's kind, "passage" when it has none. */
export const evidenceKind = (e: Pick<Evidence, "kind">): EvidenceKind => e.kind ?? "passage";

/** Retrieved passages only: what rankings and retrieval metrics count (graph items reuse their ids). */
export const passagesOf = <T extends Pick<Evidence, "kind">>(evidence: readonly T[]): T[] =>
  evidence.filter((e) => evidenceKind(e) === "passage");

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
