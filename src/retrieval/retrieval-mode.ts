import { z } from "zod";
import type { ExpansionReason } from "./expand.js";

/** The retrieval modes `agr retrieve` and `agr eval` offer. */
export const RetrievalModeSchema = z.enum(["bm25", "dense", "hybrid", "graph", "ppr"]);
export type RetrievalMode = z.infer<typeof RetrievalModeSchema>;

export interface RetrievedChunk {
  chunk_id: string;
  section_id: string;
  doc_id: string;
  score: number;
  /** Set when structure expansion reached the chunk: how, in how many hops, from which candidate. */
  expansion?: { reason: ExpansionReason; hops: number; via: string };
}
