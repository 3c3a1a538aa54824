import type { ResolvedDeps } from "../agent-deps.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { feedsLater, nextHop } from "../retrieve/hop-state.js";
import { readBridge } from "../retrieve/read-bridge.js";
import { scopedTools } from "../scoped-tools.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/** Passages one hop retrieves: its best few join the evidence (retrieve/merge-hops.ts). */
const HOP_K = 20;

/**
 * Runs one planned hop: its sub-question, with the bridges read so far filled in, goes to PPR
 * search (the last hop to dense search); in a chain, the reader then reads this hop's answer
 * (the bridge) for the next one.
 */
export function createRetrieveHopNode(deps: DepsSource<ResolvedDeps>) {
  const toolsFor = scopedTools(async () => ({}));
  return async function retrieveHop(state: GraphStateType): Promise<GraphStateUpdate> {
    const d = await deps();
    const tools = await toolsFor(d, state.filter);
    const hops = state.hops;
    const next = nextHop(hops);
    if (!hops || !next) return {};
    // Only hops that feed a later one are read: the last hop's answer is the question's.
    const feeds = feedsLater(hops.plan, next.hop);
    // A hop that feeds no other asks one relation of a named thing ("What is Norland named
    // after?"): dense search finds that thing's own passage; PPR's walk spreads from every entity
    // of the query, back to the earlier hops' passages (MuSiQue dev R@5 .733 -> see commit).
    const tool = feeds ? "ppr_search" : "vector_search";
    const result = await tools[tool]({ query: next.query, k: HOP_K });
    const sub = hops.plan.hops[next.hop - 1] ?? next.query;
    const bridge = feeds ? readBridge(next.query, result.bundle, state.question) : null;
    const evidence_ids = result.ranked.map((h) => h.chunk_id);
    const record = { hop: next.hop, sub_question: sub, query: next.query, bridge, evidence_ids };
    return {
      hops: { ...hops, records: [...hops.records, record] },
      tool_calls: [{ tool, input: { query: next.query, k: HOP_K }, evidence_ids }],
      trace: [
        traceEvent(state, "retrieve_hop", {
          hop: `${next.hop}/${hops.plan.hops.length}`,
          sub_question: sub,
          query: next.query,
          ...(feeds ? { bridge: bridge ?? "(none read: the hops that need it are skipped)" } : {}),
          evidence: evidence_ids.length,
          top: result.bundle.evidence.slice(0, 3).map((e) => e.heading_path.at(-1) ?? e.title),
        }),
      ],
    };
  };
}
