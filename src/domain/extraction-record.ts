import { z } from "zod";

/**
 * That one chunk got full (LLM) extraction, and what it cost: the skeleton step's checkpoint.
 * It belongs to the chunk's document, so replacing or deleting the document drops it with the
 * relations it produced, and `key` (prompt version, model, chunk content) makes a changed
 * chunk or prompt due again.
 */
export const ExtractionRecordNodeSchema = z.object({
  label: z.literal("Extraction"),
  id: z.string(),
  doc_id: z.string(),
  chunk_id: z.string(),
  key: z.string(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  relations: z.number().int().nonnegative(),
  entities: z.number().int().nonnegative(),
});
export type ExtractionRecordNode = z.infer<typeof ExtractionRecordNodeSchema>;
