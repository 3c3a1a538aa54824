import { existsSync } from "node:fs";
import { type Command, Option } from "commander";
import type { CreateEmbedder } from "../../agents/agent-deps.js";
import type { AskResult } from "../../agents/ask-result.js";
import type { AskMode } from "../../agents/graph-state.js";
import type { TraceEvent } from "../../agents/schemas.js";
import { userError } from "../errors.js";
import { FILTER_HELP, filterOption } from "./filter-option.js";
import { storeConfig } from "./open-store.js";
import { printJson, warn } from "./output.js";

/**
 * agents/graph-state.ts's ASK_MODES, spelt out so that registering the command does not load
 * LangGraph (src/cli/lazy-cli.int.test.ts checks the two lists are equal).
 */
export const ASK_MODE_CHOICES = [
  "agent",
  "vector",
  "hybrid",
  "graph",
  "vector_cypher",
] as const satisfies readonly AskMode[];

export interface AskDeps {
  createEmbedder?: CreateEmbedder;
}

/** `agr ask "<question>" [--mode agent|vector|hybrid|graph|vector_cypher] [--json] [--trace]`. */
export function registerAsk(program: Command, deps: AskDeps = {}): void {
  program
    .command("ask")
    .description("answer a question from the indexed documents, with cited and verified sentences")
    .argument("<question>", "the question")
    .addOption(
      new Option("--mode <mode>", "agent routes the question; the others force one retrieval mode or tool")
        .choices(ASK_MODE_CHOICES)
        .default("agent"),
    )
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option(
      "--json",
      "print one JSON object: answer, not_found, not_found_reason, route, citations, short_answer, verification, trace, tokens",
    )
    .option("--trace", "print the agent's steps to stderr")
    .option("--filter <filter>", FILTER_HELP)
    .action(
      async (
        question: string,
        opts: { mode: string; store?: string; json?: boolean; trace?: boolean; filter?: string },
      ) => {
        const filter = await filterOption(opts.filter);
        const config = storeConfig(opts);
        if (!config.neo4jUri && !existsSync(config.storePath))
          throw userError("no_store", `no store at ${config.storePath}: run agr ingest first`);
        const [{ AskModeSchema }, { openAgentDeps }, { runAgent }] = await Promise.all([
          import("../../agents/graph-state.js"),
          import("../../agents/agent-deps.js"),
          import("../../agents/run-agent.js"),
        ]);
        const mode = AskModeSchema.parse(opts.mode);
        const opened = await openAgentDeps(config, deps.createEmbedder);
        for (const w of opened.warnings) warn(w);
        let result: AskResult;
        try {
          result = await runAgent(question, opened.deps, { mode, ...(filter ? { filter } : {}) });
        } finally {
          await opened.close();
        }
        if (opts.trace) process.stderr.write(formatTrace(result.trace));
        if (opts.json) return printJson(result);
        process.stdout.write(formatAnswer(result));
      },
    );
}

/** The answer, then each citation with where to open it. */
export function formatAnswer(r: AskResult): string {
  // "Not found" says why: the documents never name what was asked, or nothing answers it well.
  const lines =
    r.not_found && r.not_found_reason ? [r.answer, `Why: ${r.not_found_reason}`, ""] : [r.answer, ""];
  for (const c of r.citations) {
    const where = c.url ?? `${c.uri} page ${c.page}`;
    lines.push(`[${c.S}] ${c.heading_path.join(" > ")}`, `     ${where}`);
  }
  lines.push(
    `route ${r.route}; ${r.verification.supported}/${r.verification.sentences} sentences supported, ${r.verification.dropped} dropped`,
  );
  return `${lines.join("\n")}\n`;
}

/** The trace for people: one line per step with its timing, lists indented below. */
export function formatTrace(trace: readonly TraceEvent[]): string {
  const out: string[] = [];
  for (const e of trace) {
    const scalars: string[] = [];
    const lists: string[] = [];
    for (const [k, v] of Object.entries(e.detail)) {
      if (Array.isArray(v)) {
        if (v.length === 0) continue;
        if (v.join(", ").length <= 80) scalars.push(`${k}=[${v.join(", ")}]`);
        else lists.push(`      ${k}:`, ...v.map((x) => `        - ${x}`));
      } else scalars.push(`${k}=${v}`);
    }
    out.push(`${String(e.at_ms).padStart(6)} ms  ${e.step.padEnd(9)} ${scalars.join("  ")}`, ...lists);
  }
  return `${out.join("\n")}\n`;
}
