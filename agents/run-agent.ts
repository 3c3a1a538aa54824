import { z } from "zod";
import type { RetrievalFilter } from "../src/domain/retrieval-filter.js";
import { userError } from "../src/errors.js";
import type { AgentDeps } from "./agent-deps.js";
import { type AskResult, toAskResult } from "./ask-result.js";
import { buildAgentGraph } from "./graph.js";
import type { AskMode, GraphStateType } from "./graph-state.js";

export interface RunAgentOptions {
  /** "agent" (default) routes; the others force one retrieval mode or tool. */
  mode?: AskMode;
  /** Answer only from chunks the filter allows ("not found" when none of them answers). */
  filter?: RetrievalFilter;
}

const QuestionSchema = z.string().trim().min(1);

/** One question through the agent graph → the `agr ask --json` object. Used by the CLI and tests. */
export async function runAgent(
  question: string,
  deps: AgentDeps,
  options: RunAgentOptions = {},
): Promise<AskResult> {
  return toAskResult(await runAgentState(question, deps, options));
}

/** The same run, returning the graph's whole final state (evidence, tool calls, grade, draft, ...). */
export async function runAgentState(
  question: string,
  deps: AgentDeps,
  options: RunAgentOptions = {},
): Promise<GraphStateType> {
  const q = QuestionSchema.safeParse(question);
  if (!q.success) throw userError("bad_question", "the question is empty");
  const graph = buildAgentGraph(deps);
  return graph.invoke({
    question: q.data,
    mode: options.mode ?? "agent",
    started_at: Date.now(),
    ...(options.filter ? { filter: options.filter } : {}),
  });
}
