import { z } from "zod";
import { BboxSchema } from "../domain/bbox.js";
import { DocumentKindSchema } from "../domain/document.js";

/** A hyperlink inside a block; `offset` is the anchor text's start within `Block.text`. */
export const BlockLinkSchema = z.object({
  href: z.string(),
  text: z.string(),
  offset: z.number().int().nonnegative(),
});
export type BlockLink = z.infer<typeof BlockLinkSchema>;

export const BlockTypeSchema = z.enum(["heading", "paragraph", "list", "code", "table", "figure", "caption"]);
export type BlockType = z.infer<typeof BlockTypeSchema>;

/**
 * One unit of a document in reading order, as a loader sees it. Loaders keep structure
 * and positions; the pipeline turns blocks into Sections, Chunks, Tables and Figures.
 *
 * - heading: `level` 1–6 as the source ranks it (PDF loaders rank by font), `anchor` the
 *   fragment id when the source has one (HTML id, Markdown slug).
 * - table: `text` is the table as pipe-separated rows (one row per line, header first);
 *   `caption` when one is attached. Never split by the chunker.
 * - code: `language` when declared. Never split mid-block.
 * - figure: `caption` (and `text` = caption or alt text).
 * - caption: a caption line not attached to a table/figure block.
 */
export const BlockSchema = z.object({
  type: BlockTypeSchema,
  text: z.string(),
  level: z.number().int().min(1).max(6).optional(),
  anchor: z.string().optional(),
  language: z.string().optional(),
  caption: z.string().optional(),
  /** First and last 1-based page the block lies on (PDF, DOCX page breaks when known). */
  page: z.number().int().positive().optional(),
  page_end: z.number().int().positive().optional(),
  bboxes: z.array(BboxSchema).default([]),
  links: z.array(BlockLinkSchema).default([]),
});
export type Block = z.infer<typeof BlockSchema>;
export type BlockInput = z.input<typeof BlockSchema>;

export const PageInfoSchema = z.object({
  page_no: z.number().int().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;

export const ParsedDocumentSchema = z.object({
  kind: DocumentKindSchema,
  title: z.string(),
  published_at: z.string().optional(),
  /** PDF only: every page with its size, also pages without text. */
  pages: z.array(PageInfoSchema).default([]),
  blocks: z.array(BlockSchema),
  /** Non-fatal oddities worth showing in `agr stats` (e.g. "no text layer on pages 3-5"). */
  warnings: z.array(z.string()).default([]),
});
export type ParsedDocument = z.infer<typeof ParsedDocumentSchema>;
export type ParsedDocumentInput = z.input<typeof ParsedDocumentSchema>;

export interface LoaderInput {
  /** Absolute path on disk (informational; loaders read `bytes`). */
  path: string;
  /** Stable identifier of the document, e.g. `file:///abs/path.md`. Relative links resolve against it. */
  uri: string;
  bytes: Uint8Array;
}

/**
 * A loader parses one file. It throws `AgrError` (kind "user") with a one-line reason for
 * input it cannot read: corrupt, encrypted, empty, binary where text was expected.
 */
export type Loader = (input: LoaderInput) => Promise<ParsedDocumentInput>;
