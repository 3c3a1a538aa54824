import { z } from "zod";

export const PdfPageNodeSchema = z.object({
  label: z.literal("PdfPage"),
  id: z.string(),
  doc_id: z.string(),
  page_no: z.number().int().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type PdfPageNode = z.infer<typeof PdfPageNodeSchema>;
