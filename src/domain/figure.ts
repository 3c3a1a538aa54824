import { z } from "zod";
import { BboxSchema } from "./bbox.js";

export const FigureNodeSchema = z.object({
  label: z.literal("Figure"),
  id: z.string(),
  doc_id: z.string(),
  section_id: z.string(),
  ref_label: z.string().optional(),
  caption: z.string(),
  page: z.number().int().positive().optional(),
  bboxes: z.array(BboxSchema).default([]),
});
export type FigureNode = z.infer<typeof FigureNodeSchema>;
