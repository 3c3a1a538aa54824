import { z } from "zod";

/**
 * A rectangle on a PDF page in PDF points, origin at the page's top-left corner
 * (y grows downwards) so that a viewer can highlight it without flipping.
 */
export const BboxSchema = z.object({
  page: z.number().int().positive(),
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
});
export type Bbox = z.infer<typeof BboxSchema>;
