import { answererOf, configuredDeps } from "../../agents/agent-deps.js";
import type { EvalReport, ModeMetrics } from "../../src/domain/eval-report.js";
import { AgrError, userError } from "../../src/errors.js";
import type { IngestEvent } from "../../src/ingest/pipeline.js";
import type { RetrievedChunk } from "../../src/retrieval/retrieval-mode.js";
import { retrieve as engineRetrieve } from "../../src/retrieval/retrieve.js";
import type { EvalDataset, QuestionRecord } from "../datasets/qa-records.js";
import { routerAccuracy } from "../metrics/router-accuracy.js";
import type { EvalRun, QuestionResult } from "../report/eval-run.js";
import { type AgentOutcome, runAgentQuestion } from "./agent-question.js";
import type { EvalMode } from "./eval-mode.js";
import { type IndexCorpusOptions, indexCorpus } from "./index-corpus.js";
import { createPassageRanker } from "./passage-ranker.js";
import { type AnswerRun, scoreAnswers } from "./score-answers.js";
import { scoreMode } from "./score-mode.js";

export type EvalProgress =
  | { phase: "index"; event: IngestEvent }
  | { phase: "mode"; mode: EvalMode; done: number; total: number };

export interface RunEvalOptions extends Omit<IndexCorpusOptions, "onEvent"> {
  modes: readonly EvalMode[];
  /** Adds the bm25 and dense baselines when they are not requested (default true). */
  baselines?: boolean;
  /** Only the first n questions. */
  limit?: number;
  /** Chunks requested per question (default 50): enough distinct passages for recall@10. */
  retrieveK?: number;
  onProgress?: (event: EvalProgress) => void;
  /** Said by the embedder factory (e.g. "model missing, using the fallback"); copied into the report. */
  embedderWarning?: string;
  /** The engine's retrieve unless a test injects one. */
  retrieve?: typeof engineRetrieve;
  /** The offline agent unless a test injects one. */
  runAgent?: typeof runAgentQuestion;
}

/** Which answer text each answer metric reads (report notes of runs with the agent). */
export const ANSWER_NOTES = [
  "em, f1 and answer_contains_gold score the agent's full answer text (as before); short_answer_em and short_answer_f1 score its short_answer span, a null short_answer scoring as an empty answer.",
  "citation_support is the share of the generator's (sentence, S#) pairs the verifier kept, from its checks (earlier reports re-scored the final sentences, which gave 1.0 by construction).",
];

/** Answer-in-context recall reads the retrieved text of this many top passages. */
const CONTEXT_PASSAGES = 5;

export const DEFAULT_RETRIEVE_K = 50;

/** Indexes the dataset (or reuses its cached store), runs every mode over its questions, and scores them. */
export async function runEval(dataset: EvalDataset, options: RunEvalOptions): Promise<EvalRun> {
  if (options.limit !== undefined && !(Number.isInteger(options.limit) && options.limit > 0))
    throw userError("bad_option", `--limit must be a positive integer, got ${options.limit}`);
  const now = options.now ?? (() => performance.now());
  const retrieveFn = options.retrieve ?? engineRetrieve;
  const agentFn = options.runAgent ?? runAgentQuestion;
  const k = options.retrieveK ?? DEFAULT_RETRIEVE_K;
  const questions = dataset.questions.slice(0, options.limit);
  const notes = [...dataset.notes];
  const modes = orderModes(options.modes, options.baselines ?? true, notes);
  const { onProgress } = options;
  const index = await indexCorpus(dataset, {
    ...options,
    ...(onProgress ? { onEvent: (event: IngestEvent) => onProgress({ phase: "index", event }) } : {}),
  });
  try {
    // The agent as the configuration sets it up everywhere else (LLM steps, reader settings).
    const ctx = {
      store: index.store,
      ...configuredDeps(options.config),
      ...(options.embedder ? { embedder: options.embedder } : {}),
    };
    const rank = createPassageRanker(index.store);
    const modeMetrics: Record<string, ModeMetrics> = {};
    const skipped: EvalReport["skipped_modes"] = [];
    const results: QuestionResult[] = [];
    const routes: Array<{ type?: string | undefined; route: string }> = [];
    // Answer metrics only in runs with the agent: a retrieval-only report keeps its old shape.
    const withAnswers = modes.includes("agent");
    if (withAnswers) notes.push(...ANSWER_NOTES);
    for (const mode of modes) {
      const runs: Array<{ question: QuestionRecord; ranking: string[]; latencyMs: number }> = [];
      const answerRuns: AnswerRun[] = [];
      let skipReason: string | undefined;
      for (const question of questions) {
        const started = now();
        let chunks: RetrievedChunk[];
        let agent: AgentOutcome | undefined;
        try {
          if (mode === "agent") {
            agent = await agentFn(ctx, question.question);
            chunks = agent.chunks;
          } else chunks = await retrieveFn(ctx, question.question, { mode, k });
        } catch (error) {
          skipReason = skipReasonOf(error, runs.length === 0);
          if (skipReason === undefined) throw error;
          break;
        }
        const latencyMs = now() - started;
        runs.push({ question, ranking: await rank(chunks), latencyMs });
        const context = withAnswers ? await rank.context(chunks, CONTEXT_PASSAGES) : "";
        if (agent) routes.push({ type: question.type, route: agent.route });
        answerRuns.push({
          question,
          context,
          ...(agent
            ? {
                answer: {
                  ...agent,
                  citedPassage: (sid: string) => {
                    const section = agent.citedSection(sid);
                    return section === undefined ? undefined : rank.anchorOf(section);
                  },
                },
              }
            : {}),
        });
        onProgress?.({ phase: "mode", mode, done: runs.length, total: questions.length });
      }
      if (skipReason !== undefined) {
        skipped.push({ mode, reason: skipReason });
        continue;
      }
      const scored = scoreMode(mode, runs);
      if (!withAnswers) {
        modeMetrics[mode] = scored.metrics;
        results.push(...scored.results);
        continue;
      }
      const answers = scoreAnswers(answerRuns);
      modeMetrics[mode] = { ...scored.metrics, ...answers.metrics };
      results.push(...scored.results.map((r, i) => ({ ...r, ...answers.results[i] })));
    }
    const router = routerAccuracy(routes);
    const embedderKind = options.embedder?.kind ?? "none";
    const warnings = [
      ...(embedderKind === "fallback"
        ? [
            `FALLBACK EMBEDDER (${options.embedder?.id}): not a neural model; dense, hybrid, graph and ppr figures are not representative.`,
          ]
        : []),
      ...(options.embedderWarning ? [options.embedderWarning] : []),
      ...skipped.map((s) => `mode ${s.mode} skipped: ${s.reason}`),
      ...index.warnings,
    ];
    const report: EvalReport = {
      dataset: dataset.name,
      split: dataset.split,
      questions: questions.length,
      embedder: options.embedder?.id ?? "none",
      index: {
        seconds: round(index.seconds, 3),
        passages: index.passages,
        embedded: index.embedded,
        peak_rss_mb: round(index.peak_rss_mb, 1),
        cached: index.cached,
        store: index.storePath,
        ...(index.stages ? { stages: index.stages } : {}),
      },
      modes: modeMetrics,
      questions_scored: questions.filter((q) => q.supporting_ids.length > 0).length,
      embedder_kind: embedderKind,
      retrieve_k: k,
      skipped_modes: skipped,
      notes,
      warnings,
      ...(withAnswers
        ? {
            answerer: answererOf(options.config),
            router_accuracy: router ? round(router.accuracy, 4) : null,
            ...(router ? { router: { n: router.n, by_type: router.by_type } } : {}),
          }
        : {}),
    };
    return { report, results };
  } finally {
    await index.store.close();
  }
}

/** Requested modes in order, deduplicated, with missing baselines put first. */
function orderModes(requested: readonly EvalMode[], baselines: boolean, notes: string[]): EvalMode[] {
  const modes = [...new Set(requested)];
  if (!baselines) return modes;
  const added = (["bm25", "dense"] as const).filter((m) => !modes.includes(m));
  if (added.length > 0) notes.push(`Baselines always run: added ${added.join(", ")} to the requested modes.`);
  return [...added, ...modes];
}

/** An unavailable mode is skipped; so is a mode refusing its first question (e.g. it needs an embedder). */
function skipReasonOf(error: unknown, firstQuestion: boolean): string | undefined {
  if (!(error instanceof AgrError)) return undefined;
  if (error.code === "mode_unavailable") return error.message;
  if (firstQuestion && error.kind === "user") return `${error.code}: ${error.message}`;
  return undefined;
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));
