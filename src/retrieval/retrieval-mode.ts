import { z } from "zod";

/** The retrieval modes `agr retrieve` and `agr eval` offer. */
export const RetrievalModeSchema = z.enum(["bm25", "dense", "hybrid", "graph", "ppr"]);
export type RetrievalMode = z.infer<typeof RetrievalModeSchema>;

export interface RetrievedChunk {
  chunk_id: string;
  section_id: string;
  doc_id: string;
  score: number;
}
