import { z } from "zod";

export const SectionNodeSchema = z.object({
  label: z.literal("Section"),
  id: z.string(),
  doc_id: z.string(),
  section_id: z.string(),
  title: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  /** Titles from the document root down to this section, deeper headings excluded. */
  heading_path: z.array(z.string()),
  /** "Document title > H1 > H2", ready to show. */
  breadcrumbs: z.string(),
  /** Fragment id for `url#fragment` citations (HTML anchors, Markdown slugs). */
  anchor: z.string().optional(),
  page_start: z.number().int().positive().optional(),
  page_end: z.number().int().positive().optional(),
  synthetic: z.boolean(),
  /** Anchors and titles of deeper headings inside (H3+): links and "Section 3.1" land here. */
  sub_anchors: z.array(z.string()).default([]),
  sub_titles: z.array(z.string()).default([]),
  seq: z.number().int().nonnegative(),
  /** PageRank over references and links between sections, scaled so the mean is 1. */
  authority: z.number().nonnegative().optional(),
});
export type SectionNode = z.infer<typeof SectionNodeSchema>;
