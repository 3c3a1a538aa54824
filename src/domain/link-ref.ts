import { z } from "zod";

/**
 * A hyperlink as written in the source, kept so LINKS_TO edges can be (re)resolved
 * whenever the target document arrives or changes, whatever the ingestion order.
 */
export const LinkRefNodeSchema = z.object({
  label: z.literal("LinkRef"),
  id: z.string(),
  doc_id: z.string(),
  source_id: z.string(),
  href: z.string(),
  /** href resolved against the source document's URL (no fragment). */
  target_url: z.string(),
  fragment: z.string().optional(),
  anchor_text: z.string(),
  position: z.number().int().nonnegative(),
  external: z.boolean(),
});
export type LinkRefNode = z.infer<typeof LinkRefNodeSchema>;
