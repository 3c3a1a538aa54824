import { z } from "zod";

/** A cross-reference found in text that matched no Section, Table or Figure: counted and listed, never dropped. */
export const UnresolvedRefNodeSchema = z.object({
  label: z.literal("UnresolvedRef"),
  id: z.string(),
  doc_id: z.string(),
  chunk_id: z.string(),
  section_id: z.string(),
  locator: z.string(),
  target_kind: z.string(),
});
export type UnresolvedRefNode = z.infer<typeof UnresolvedRefNodeSchema>;
