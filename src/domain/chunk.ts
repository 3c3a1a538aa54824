import { z } from "zod";
import { BboxSchema } from "./bbox.js";

export const ChunkStatusSchema = z.enum(["PENDING", "PROCESSED", "FAILED"]);
export type ChunkStatus = z.infer<typeof ChunkStatusSchema>;

export const ContentTypeSchema = z.enum(["text", "table", "code", "list", "caption"]);
export type ContentType = z.infer<typeof ContentTypeSchema>;

export const ChunkNodeSchema = z.object({
  label: z.literal("Chunk"),
  id: z.string(),
  doc_id: z.string(),
  chunk_id: z.string(),
  section_id: z.string(),
  seq: z.number().int().nonnegative(),
  text: z.string(),
  content_type: ContentTypeSchema,
  /** Headings inside the section (H3+) that this chunk sits under. */
  subheadings: z.array(z.string()).default([]),
  /** Section heading path plus subheadings: indexed with the text (a passage's title matters). */
  heading_path: z.array(z.string()).default([]),
  /** Offsets into the document's normalised text (blocks joined by blank lines). */
  char_start: z.number().int().nonnegative(),
  char_end: z.number().int().nonnegative(),
  page_start: z.number().int().positive().optional(),
  page_end: z.number().int().positive().optional(),
  /** Offsets in `text` where each page after page_start begins (PDF chunks over a page break). */
  page_breaks: z.array(z.number().int().nonnegative()).optional(),
  bboxes: z.array(BboxSchema).default([]),
  token_count: z.number().int().nonnegative(),
  content_hash: z.string(),
  status: ChunkStatusSchema,
  retry_count: z.number().int().nonnegative(),
  error: z.string().optional(),
  /** The document's publication date, copied so ranking needs no Document lookup. */
  published_at: z.string().optional(),
  /** Dates the chunk's text states (sorted ISO, stated precision; earliest and latest kept). */
  dates: z.array(z.string()).optional(),
});
export type ChunkNode = z.infer<typeof ChunkNodeSchema>;
