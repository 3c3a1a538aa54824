import { type Command, Option } from "commander";
import { printJson } from "../../src/cli/output.js";
import { ingestProgress, stderrBar } from "../../src/cli/progress.js";
import { type Config, loadConfig } from "../../src/config.js";
import type { EvalReport } from "../../src/domain/eval-report.js";
import { userError } from "../../src/errors.js";
import type { Embedder } from "../../src/index/embeddings/embedder.js";
import type { Split } from "../datasets/load-dataset.js";
import { type EvalMode, EvalModeSchema } from "../runner/eval-mode.js";
import type { IndexProcessorsFactory } from "../runner/index-corpus.js";
import type { EvalProgress } from "../runner/run-eval.js";

/**
 * `agr eval` with the CLI's embedder factory and index processors: what bin/agr.mjs plugs into
 * the CLI. Like every agr command it registers its options now and loads its implementation when
 * it runs, so `agr --help` stays fast.
 */
export function registerEvalCommand(program: Command): void {
  registerEval(program, async () => {
    const { embedderFor, indexProcessorsFor } = await import("../../src/index/index-processors.js");
    return { createEmbedder: embedderFor, indexProcessors: ({ embedder }) => indexProcessorsFor(embedder) };
  });
}

/** What registerEvalCommand plugs in once the embedder factory and index processors exist. */
export interface EvalCommandDeps {
  /**
   * `createEmbedder` from src/index/embeddings/create-embedder.ts fits as is; absent → embedder
   * "none". Its warning (e.g. a fallback embedder) goes into the report's warnings.
   */
  createEmbedder?: (config: Config) => Promise<{ embedder: Embedder; warning?: string } | undefined>;
  /** Index processors (embeddings, entity extraction); absent → references only. */
  indexProcessors?: IndexProcessorsFactory;
}

interface EvalOptions {
  data?: string;
  store?: string;
  split?: Split;
  questions?: string;
  modes: string;
  out?: string;
  limit?: string;
  cacheDir?: string;
  baselines: boolean;
  json?: boolean;
  neo4jReplace?: boolean;
}

/** Every mode `--modes` accepts; the default runs the retrieval modes only (the agent is slower). */
export const ALL_MODES = EvalModeSchema.options.join(",");
const DEFAULT_MODES = EvalModeSchema.options.filter((m) => m !== "agent").join(",");

export function registerEval(
  program: Command,
  lazyDeps: EvalCommandDeps | (() => Promise<EvalCommandDeps>) = {},
): void {
  program
    .command("eval")
    .description(
      "retrieval and answer eval on a dataset folder (corpus.jsonl + dev|heldout.jsonl, or MultiHop-RAG's articles.jsonl + queries.jsonl): recall@2/5/10, MRR, nDCG@10, latency, answer-in-context per mode; mode agent adds EM, F1, citation precision, not-found and router accuracy. With a document-QA question file (docqa: answerable, route, locations) and --store: the agent over that store, scored per route",
    )
    .option("--data <folder>", "dataset folder (not with a docqa question file)")
    .option("--store <file>", "docqa: the ingested store to ask (default ./.agr/graph.db, or AGR_STORE)")
    .addOption(new Option("--split <split>", "question split (default dev)").choices(["dev", "heldout"]))
    .option("--questions <file.jsonl>", "use this question file instead of the split file (same format)")
    .option("--modes <list>", `comma-separated modes (${ALL_MODES})`, DEFAULT_MODES)
    .option("--out <folder>", "also write report.json, report.md, recall.svg and questions.jsonl here")
    .option("--limit <n>", "only the first n questions")
    .option("--cache-dir <folder>", "where indexed corpora are cached (default <repo>/.agr/eval)")
    .option("--no-baselines", "do not add the bm25 and dense baselines to --modes")
    .option(
      "--neo4j-replace",
      "with NEO4J_URI: remove documents other than this corpus from the Neo4j database first",
    )
    .option("--json", "print one JSON object and no progress")
    .action(async (opts: EvalOptions) => {
      const deps = typeof lazyDeps === "function" ? await lazyDeps() : lazyDeps;
      const { isDocQaFile } = await import("../datasets/docqa-records.js");
      if (opts.questions && (await isDocQaFile(opts.questions))) {
        const { docQaEval, printDocQa } = await import("./eval-docqa.js");
        const report = await docQaEval(
          {
            questions: opts.questions,
            ...(opts.store ? { store: opts.store } : {}),
            ...(opts.limit !== undefined ? { limit: parseLimit(opts.limit) } : {}),
            ...(opts.out ? { out: opts.out } : {}),
            ...(opts.json ? { json: true } : {}),
          },
          deps.createEmbedder,
        );
        return opts.json ? printJson(report) : printDocQa(report, opts.out);
      }
      const report = await evalCommand(opts, deps);
      if (opts.json) printJson(report);
      else (await import("./print-eval-report.js")).printEvalReport(report, opts.out);
    });
}

async function evalCommand(opts: EvalOptions, deps: EvalCommandDeps): Promise<EvalReport> {
  if (!opts.data)
    throw userError("bad_option", "--data <folder> is required (or --questions with a docqa question file)");
  if (opts.store)
    throw userError("bad_option", "--store is for docqa question files; --data indexes its own store");
  const [{ loadDataset }, { writeReport }, { DEFAULT_EVAL_CACHE_DIR }, { runEval }] = await Promise.all([
    import("../datasets/load-dataset.js"),
    import("../report/write-report.js"),
    import("../runner/index-corpus.js"),
    import("../runner/run-eval.js"),
  ]);
  const config = loadConfig();
  const modes = parseModes(opts.modes);
  const limit = opts.limit === undefined ? undefined : parseLimit(opts.limit);
  const cacheDir = opts.cacheDir ?? DEFAULT_EVAL_CACHE_DIR;
  const dataset = await loadDataset(opts.data, {
    scratchDir: cacheDir,
    ...(opts.split ? { split: opts.split } : {}),
    ...(opts.questions ? { questionsFile: opts.questions } : {}),
  });
  const choice = await deps.createEmbedder?.(config);
  const embedder = choice?.embedder;
  const progress = evalProgress(!opts.json);
  try {
    const run = await runEval(dataset, {
      config,
      cacheDir,
      modes,
      baselines: opts.baselines,
      neo4jReplace: opts.neo4jReplace === true,
      onProgress: progress.onProgress,
      ...(limit !== undefined ? { limit } : {}),
      ...(embedder ? { embedder } : {}),
      ...(choice?.warning ? { embedderWarning: choice.warning } : {}),
      ...(deps.indexProcessors ? { processors: deps.indexProcessors } : {}),
    });
    progress.stop();
    if (opts.out) await writeReport(run, opts.out);
    return run.report;
  } finally {
    progress.stop();
    await embedder?.close?.();
  }
}

/** "bm25, dense" → ["bm25", "dense"]; an unknown name is a one-line user error. */
export function parseModes(list: string): EvalMode[] {
  const names = list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (names.length === 0) throw userError("bad_option", `--modes is empty (choose from ${ALL_MODES})`);
  return names.map((name) => {
    const parsed = EvalModeSchema.safeParse(name);
    if (!parsed.success) throw userError("bad_option", `unknown mode ${name} (choose from ${ALL_MODES})`);
    return parsed.data;
  });
}

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw userError("bad_option", `--limit must be a positive integer, got ${value}`);
  return n;
}

/** Indexing, then one bar per mode, on stderr for interactive use only (see stderrBar). */
function evalProgress(enabled: boolean): { onProgress: (e: EvalProgress) => void; stop: () => void } {
  const index = ingestProgress(enabled);
  const bar = stderrBar(enabled, "{mode} [{bar}] {value}/{total}");
  if (!bar) return { onProgress: () => {}, stop: () => {} };
  let mode: string | undefined;
  return {
    onProgress(e) {
      if (e.phase === "index") return index.onEvent(e.event);
      if (e.mode !== mode) {
        if (mode === undefined) index.stop();
        else bar.stop();
        mode = e.mode;
        bar.start(e.total, 0, { mode: e.mode.padEnd(6) });
      }
      bar.update(e.done);
    },
    stop() {
      index.stop();
      if (mode !== undefined) bar.stop();
      mode = undefined;
    },
  };
}
