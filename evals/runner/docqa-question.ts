import type { AgentDeps } from "../../agents/agent-deps.js";
import { notFoundReasonOf } from "../../agents/ask-result.js";
import { runAgentState } from "../../agents/run-agent.js";
import type { DocQaOutcome } from "./score-docqa.js";

/** One docqa question through the agent graph (the path `agr ask` takes), flattened for scoring. */
export async function runDocQaQuestion(
  deps: AgentDeps,
  question: string,
): Promise<Omit<DocQaOutcome, "latency_ms">> {
  const state = await runAgentState(question, deps);
  return {
    answer: state.final?.answer ?? "",
    short_answer: state.final?.short_answer ?? null,
    not_found: state.final?.not_found ?? true,
    not_found_reason: notFoundReasonOf(state),
    route: state.final?.route ?? state.route?.route ?? "simple",
    citations: state.final?.citations ?? [],
    // The verdicts on the generator's draft; the final sentences are only the kept ones.
    checks: state.verification?.checks ?? [],
  };
}
