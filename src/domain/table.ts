import { z } from "zod";
import { BboxSchema } from "./bbox.js";

export const TableNodeSchema = z.object({
  label: z.literal("Table"),
  id: z.string(),
  doc_id: z.string(),
  section_id: z.string(),
  /** "Table 2-1", "Table 3" when the caption numbers it. */
  ref_label: z.string().optional(),
  caption: z.string(),
  page: z.number().int().positive().optional(),
  text: z.string(),
  bboxes: z.array(BboxSchema).default([]),
});
export type TableNode = z.infer<typeof TableNodeSchema>;
