import { z } from "zod";
import { JsonlRecordSchema } from "../../src/ingest/loaders/jsonl-loader.js";

/** A corpus passage, exactly what the engine's JSONL loader ingests (one Section, anchor = id). */
export const CorpusRecordSchema = JsonlRecordSchema;
export type CorpusRecord = z.infer<typeof CorpusRecordSchema>;

/** A question of a split file or a `--questions` file; other fields (paragraph_ids, source...) are ignored. */
export const QuestionRecordSchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  answers: z.array(z.string()),
  /** Gold passage ids; empty means the question has no answer in the corpus (not scored). */
  supporting_ids: z.array(z.string().min(1)),
  type: z.string().optional(),
});
export type QuestionRecord = z.infer<typeof QuestionRecordSchema>;

/** A dataset ready to evaluate: a corpus file to index and the questions to ask of it. */
export interface EvalDataset {
  /** Folder name, e.g. "hotpotqa"; also names the cached store. */
  name: string;
  /** "dev", "heldout", the name of a `--questions` file, or "queries" for MultiHop-RAG. */
  split: string;
  /** The `{id, title, text}` JSONL file the store indexes (an adapted copy for MultiHop-RAG). */
  corpusFile: string;
  /** sha256 of the corpus file's bytes: part of the store cache key. */
  corpusHash: string;
  passageIds: ReadonlySet<string>;
  questions: QuestionRecord[];
  /** How the data was read or mapped, said in the report. */
  notes: string[];
}
