import type { AgentDeps } from "../../agents/agent-deps.js";
import { SUPPORT_THRESHOLD, supportScore } from "../../agents/answer/verify-answer.js";
import { runAgentState } from "../../agents/run-agent.js";
import type { RetrievedChunk } from "../../src/retrieval/retrieval-mode.js";
import type { CitedAnswer } from "../metrics/citation-precision.js";

/** What the eval keeps of one agent run: its evidence ranking and its answer. */
export interface AgentOutcome {
  /** Final evidence in bundle order, then the other chunks its tool calls returned. */
  chunks: RetrievedChunk[];
  answer: string;
  not_found: boolean;
  route: string;
  tokens: { prompt: number; completion: number };
  /** The answer's sentences with the evidence they cite, and two ways to judge a citation. */
  sentences: CitedAnswer["sentences"];
  /** Section id of each cited evidence id ("S1" → section). */
  citedSection: (sid: string) => string | undefined;
  /** The verifier's own test: the cited passage's text supports the sentence. */
  supportedByText: (sentence: string, sid: string) => boolean;
}

/** Runs the agent on one question and flattens its final state for scoring. */
export async function runAgentQuestion(deps: AgentDeps, question: string): Promise<AgentOutcome> {
  const state = await runAgentState(question, deps);
  const evidence = state.evidence?.evidence ?? [];
  const chunks: RetrievedChunk[] = evidence.map((e, i) => ({
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
    not_found,
    route: state.final?.route ?? state.route?.route ?? "simple",
    tokens: { ...state.tokens },
    sentences: not_found ? [] : (state.draft?.sentences ?? []),
    citedSection: (sid) => bySid.get(sid)?.section_id,
    supportedByText: (sentence, sid) =>
      supportScore(sentence, bySid.get(sid)?.text ?? "").score >= SUPPORT_THRESHOLD,
  };
}
