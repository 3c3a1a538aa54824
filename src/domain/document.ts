import { z } from "zod";

export const DocumentKindSchema = z.enum(["markdown", "html", "pdf", "docx", "text", "jsonl"]);
export type DocumentKind = z.infer<typeof DocumentKindSchema>;

export const DocumentNodeSchema = z.object({
  label: z.literal("Document"),
  id: z.string(),
  doc_id: z.string(),
  uri: z.string(),
  title: z.string(),
  kind: DocumentKindSchema,
  content_hash: z.string(),
  last_modified: z.string(),
  published_at: z.string().optional(),
  /** Base for citations: `url#fragment` is built from it (a file: URI or the page's URL). */
  source_url: z.string().optional(),
  pages: z.number().int().nonnegative().default(0),
  warnings: z.array(z.string()).default([]),
});
export type DocumentNode = z.infer<typeof DocumentNodeSchema>;
