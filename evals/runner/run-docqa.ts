import { basename, dirname } from "node:path";
import type { AgentDeps } from "../../agents/agent-deps.js";
import { userError } from "../../src/errors.js";
import { type DocQaRecord, DocQaRecordSchema } from "../datasets/docqa-records.js";
import { assertUniqueIds, readJsonlFile } from "../datasets/read-jsonl-file.js";
import type { DocQaReport, DocQaRun } from "../report/docqa-report.js";
import { runDocQaQuestion } from "./docqa-question.js";
import { type DocQaScoreInput, scoreDocQa } from "./score-docqa.js";

export interface DocQaQuestions {
  /** The question file's folder name ("docqa") and file stem ("dev"). */
  dataset: string;
  split: string;
  records: DocQaRecord[];
}

/** Reads and validates a docqa question file; ids must be unique. */
export async function loadDocQa(path: string): Promise<DocQaQuestions> {
  const rows = await readJsonlFile(path, DocQaRecordSchema);
  assertUniqueIds(rows, basename(path));
  return {
    dataset: basename(dirname(path)),
    split: basename(path).replace(/\.jsonl$/, ""),
    records: rows.map((r) => r.value),
  };
}

export interface RunDocQaOptions {
  deps: AgentDeps;
  /** Store path or Neo4j URI, embedder id and answerer, said in the report. */
  store: string;
  embedder: string;
  answerer: string;
  warnings?: string[];
  limit?: number;
  /** Cited paths in questions.jsonl are written relative to this folder. */
  baseDir?: string;
  now?: () => number;
  /** The agent unless a test injects one. */
  runQuestion?: typeof runDocQaQuestion;
  onProgress?: (done: number, total: number) => void;
}

/** Runs the agent on every question (in process, one at a time: latency is per question) and scores it. */
export async function runDocQa(questions: DocQaQuestions, options: RunDocQaOptions): Promise<DocQaRun> {
  if (options.limit !== undefined && !(Number.isInteger(options.limit) && options.limit > 0))
    throw userError("bad_option", `--limit must be a positive integer, got ${options.limit}`);
  const now = options.now ?? (() => performance.now());
  const run = options.runQuestion ?? runDocQaQuestion;
  const records = questions.records.slice(0, options.limit);
  const inputs: DocQaScoreInput[] = [];
  for (const record of records) {
    const started = now();
    const outcome = await run(options.deps, record.question);
    inputs.push({ record, outcome: { ...outcome, latency_ms: now() - started } });
    options.onProgress?.(inputs.length, records.length);
  }
  const { results, ...scored } = scoreDocQa(inputs, options.baseDir);
  const report: DocQaReport = {
    dataset: questions.dataset,
    split: questions.split,
    questions: records.length,
    store: options.store,
    embedder: options.embedder,
    answerer: options.answerer,
    ...scored,
    notes: DOCQA_NOTES,
    warnings: options.warnings ?? [],
  };
  return { report, results };
}

/** How to read the figures (report.md and the JSON). */
export const DOCQA_NOTES = [
  "Tuning figures: the docqa set has only a dev split, so these are not held-out results.",
  "answer_accuracy: answerable items whose answer contains a gold string (every one with answers_all), case-insensitive after collapsing whitespace, [S#] markers removed; an answer of not found is wrong. Unanswerable items count only in not_found_accuracy.",
  "short_answer_accuracy: the same rule on short_answer; a null short_answer is wrong.",
  "citation_location_hit: of answered answerable items, the share with a citation at a gold location: a PDF citation whose file path ends with the location's doc and whose page equals its page (both 1-based physical pages), or a Markdown/HTML citation of that doc whose heading_path has the location heading (case, whitespace, backslash escapes, inline-code backticks and a trailing ¶ normalised). A PDF citation names its chunk's first page, so evidence on the chunk's later page is a miss.",
  "citation_support: of the generator's (sentence, S#) pairs, the share the verifier kept (supported, or revised to another citation), read from its checks; not a re-score of the final sentences, which would be 1.0 by construction.",
  "router_accuracy: the agent's route vs the gold route, not_found items left out. Latency: one in-process agent run per question, no CLI start-up.",
];
