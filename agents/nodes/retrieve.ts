import type { CommunitySummarizer } from "../../src/index/communities/community-summarizer.js";
import type { ResolvedDeps } from "../agent-deps.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { planRetrieval } from "../retrieval-plan.js";
import { runPlan } from "../run-plan.js";
import { scopedTools } from "../scoped-tools.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/**
 * Picks the tools for the route (or the forced mode) and runs them; on a retry the plan is
 * widened (more seeds, one more hop, structure expansion, a second query).
 */
export function createRetrieveNode(deps: DepsSource<ResolvedDeps>) {
  const toolsFor = scopedTools(llmSummarizer);
  return async function retrieve(state: GraphStateType): Promise<GraphStateUpdate> {
    const d = await deps();
    const tools = await toolsFor(d, state.filter);
    const route = state.route?.route ?? "simple";
    const plan = planRetrieval(state.mode, route, state.retries, state.question);
    // Passages the planned hops brought (nodes/retrieve-hop.ts) join every attempt's evidence.
    const hops = (state.hops?.records ?? []).map((r) => ({ hop: r.hop, ids: r.evidence_ids }));
    const out = await runPlan(
      { ...d, ...(state.filter ? { filter: state.filter } : {}) },
      tools,
      state.question,
      plan,
      hops,
    );
    const triplets = out.results.flatMap((r) => r.triplets);
    const paths = out.results.flatMap((r) => r.paths);
    return {
      evidence: out.bundle,
      tool_calls: out.tool_calls,
      facts: triplets,
      trace: [
        traceEvent(state, "retrieve", {
          attempt: state.retries,
          strategy: plan.strategy,
          tools: plan.calls.map(
            (c) =>
              `${c.tool}(${Object.entries(c.input)
                .filter(([k]) => k !== "query")
                .map(([k, v]) => `${k}=${v}`)
                .join(", ")})`,
          ),
          ...(plan.widened ? { widened: plan.widened } : {}),
          modes: out.results.map((r) => r.mode),
          evidence: out.bundle.evidence.length,
          ...(Object.keys(out.graph.added).length > 0
            ? {
                // e.g. ["fact 3", "path 1"]: what follows the passages in the bundle.
                graph_evidence: Object.entries(out.graph.added).map(([kind, n]) => `${kind} ${n}`),
                ...(out.graph.dropped_passages ? { dropped_passages: out.graph.dropped_passages } : {}),
              }
            : {}),
          tokens_in_bundle: out.bundle.token_count,
          notes: [...plan.notes, ...out.results.flatMap((r) => r.notes)],
          ...(triplets.length
            ? { triplets: triplets.slice(0, 8).map((t) => `${t.subject} –${t.predicate}→ ${t.object}`) }
            : {}),
          ...(paths.length ? { paths: paths.slice(0, 5).map((p) => p.text) } : {}),
          ...(out.bridge
            ? { bridge: `${out.bridge.bridge} → "${out.bridge.query}" (+${out.bridge.added} passages)` }
            : {}),
          ...(out.beam
            ? {
                beam: out.beam.bridges.map(
                  (b) => `${b.name} → "${b.query}"${b.added ? "" : " (no passage says the name)"}`,
                ),
              }
            : {}),
          ...(plan.dateBoost || plan.calls.some((c) => c.tool === "temporal_lookup")
            ? { question_dates: out.dates.question, evidence_dates: out.dates.evidence }
            : {}),
        }),
      ],
    };
  };
}

/** With AGR_LLM=openai, community summaries are LLM-written (loaded on demand); else extractive. */
async function llmSummarizer(d: ResolvedDeps): Promise<{ summarizer?: CommunitySummarizer }> {
  if (d.llm?.llm !== "openai") return {};
  const { createCommunitySummarizer } = await import("../../src/index/communities/llm-summarizer.js");
  return { summarizer: await createCommunitySummarizer(d.llm) };
}
