import { z } from "zod";
import { AskResultSchema } from "../../agents/ask-result.js";
import { AskModeSchema } from "../../agents/graph-state.js";
import { RetrievalFilterSchema } from "../domain/retrieval-filter.js";
import { DEFAULT_TOKEN_BUDGET } from "../retrieval/build-bundle.js";
import { RetrievalModeSchema } from "../retrieval/retrieval-mode.js";
import { JobReportSchema, JobSchema } from "../service/job-store.js";

/** The same limits as POST /v1/retrieve and /v1/query, so a question fails or passes alike everywhere. */
const Question = z
  .string()
  .trim()
  .min(1, "the question is empty")
  .max(4000)
  .describe("The question, in natural language");

export const SearchInputSchema = z.strictObject({
  question: Question,
  mode: RetrievalModeSchema.default("ppr").describe(
    "Retrieval mode: ppr (default; Personalized PageRank over the entity graph), hybrid (BM25 + dense), dense, bm25, or graph",
  ),
  k: z.number().int().min(1).max(200).default(30).describe("Candidates ranked before packing (default 30)"),
  budget: z
    .number()
    .int()
    .min(50)
    .max(64_000)
    .default(DEFAULT_TOKEN_BUDGET)
    .describe(`Token budget of the returned evidence (default ${DEFAULT_TOKEN_BUDGET})`),
  filter: RetrievalFilterSchema.optional(),
});

export const AskInputSchema = z.strictObject({
  question: Question,
  mode: AskModeSchema.default("agent").describe(
    "agent (default: routes the question, plans hops, retries) or one forced retrieval: vector, hybrid, graph, vector_cypher",
  ),
  filter: RetrievalFilterSchema.optional(),
});

/** What `ask` returns: `agr ask --json` without the step trace. */
export const AskOutputSchema = AskResultSchema.pick({
  answer: true,
  not_found: true,
  route: true,
  citations: true,
  short_answer: true,
  not_found_reason: true,
  verification: true,
  tokens: true,
});
export type AskOutput = z.infer<typeof AskOutputSchema>;

const JobId = JobSchema.shape.id.describe("An ingest job id returned by an earlier ingest call");

export const IngestInputSchema = z
  .strictObject({
    paths: z
      .array(z.string().min(1).max(4096))
      .min(1)
      .max(1000)
      .optional()
      .describe(
        "Files or folders on the server, each inside the configured ingest roots (AGR_HTTP_INGEST_ROOTS); folders are read recursively",
      ),
    job_id: JobId.optional(),
    wait_seconds: z
      .number()
      .min(0)
      .max(600)
      .optional()
      .describe(
        "How long to wait for the job to finish before returning it unfinished (default 50, under the 60 s request timeout of most hosts; 0 = return at once)",
      ),
  })
  .refine((v) => (v.paths === undefined) !== (v.job_id === undefined), {
    message: "give either paths (start an ingest) or job_id (check on one), not both",
  });

export const IngestOutputSchema = z.object({
  job_id: JobSchema.shape.id,
  status: JobSchema.shape.status,
  /** True when the job has ended (succeeded or failed); false when the wait ran out first. */
  finished: z.boolean(),
  files: JobSchema.shape.files,
  progress: JobSchema.shape.progress,
  report: JobReportSchema.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type IngestOutput = z.infer<typeof IngestOutputSchema>;

export const GetSourceInputSchema = z.strictObject({
  chunk_id: z
    .string()
    .min(1)
    .max(1024)
    .describe("The chunk_id of a citation or evidence item returned by search or ask"),
  context: z
    .number()
    .int()
    .min(0)
    .max(5)
    .default(1)
    .describe("Passages to include before and after the cited one, in reading order (default 1)"),
});
