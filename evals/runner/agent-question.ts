import type { AgentDeps } from "../../agents/agent-deps.js";
import { notFoundReasonOf } from "../../agents/ask-result.js";
import { runAgentState } from "../../agents/run-agent.js";
import { passagesOf } from "../../src/retrieval/context-bundle.js";
import type { RetrievedChunk } from "../../src/retrieval/retrieval-mode.js";
import type { CitedAnswer } from "../metrics/citation-precision.js";
import type { CheckVerdict } from "../metrics/citation-support.js";

/** What the eval keeps of one agent run: its evidence ranking and its answer. */
export interface AgentOutcome {
  /** Final evidence in bundle order, then the other chunks its tool calls returned. */
  chunks: RetrievedChunk[];
  answer: string;
  /** The answer span alone, or null (not found, or no single span). */
  short_answer: string | null;
  not_found: boolean;
  /** Why the answer is "not found" (null when answered). */
  not_found_reason: string | null;
  route: string;
  tokens: { prompt: number; completion: number };
  /** The final answer's sentences with the evidence they cite (for gold citation precision). */
  sentences: CitedAnswer["sentences"];
  /** Section id of each cited evidence id ("S1" → section). */
  citedSection: (sid: string) => string | undefined;
  /**
   * The verifier's verdicts on the generator's draft (citation support). The final sentences are
   * what it kept, so judging them again would always pass.
   */
  checks: CheckVerdict[];
}

/** Runs the agent on one question and flattens its final state for scoring. */
export async function runAgentQuestion(deps: AgentDeps, question: string): Promise<AgentOutcome> {
  const state = await runAgentState(question, deps);
  const evidence = state.evidence?.evidence ?? [];
  // Graph items reuse their source chunk's id: rank the passages only.
  const chunks: RetrievedChunk[] = passagesOf(evidence).map((e, i) => ({
    chunk_id: e.chunk_id,
    section_id: e.section_id,
    doc_id: e.doc_id,
    score: 1 / (1 + i),
  }));
  // Candidates the tools returned beyond the final bundle (earlier attempts, other calls).
  const seen = new Set(chunks.map((c) => c.chunk_id));
  const rest = state.tool_calls.flatMap((c) => c.evidence_ids).filter((id) => !seen.has(id) && seen.add(id));
  if (rest.length > 0) {
    const nodes = new Map((await deps.store.getNodes(rest)).map((n) => [n.id, n]));
    for (const id of rest) {
      const node = nodes.get(id);
      if (node?.label === "Chunk")
        chunks.push({
          chunk_id: id,
          section_id: node.section_id,
          doc_id: node.doc_id,
          score: 1 / (1 + chunks.length),
        });
    }
  }
  const bySid = new Map(evidence.map((e) => [e.sid, e]));
  const not_found = state.final?.not_found ?? true;
  return {
    chunks,
    answer: state.final?.answer ?? "",
    short_answer: state.final?.short_answer ?? null,
    not_found,
    not_found_reason: notFoundReasonOf(state),
    route: state.final?.route ?? state.route?.route ?? "simple",
    tokens: { ...state.tokens },
    sentences: not_found ? [] : (state.draft?.sentences ?? []),
    citedSection: (sid) => bySid.get(sid)?.section_id,
    checks: state.verification?.checks ?? [],
  };
}
