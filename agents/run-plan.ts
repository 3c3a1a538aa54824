import { buildBundle } from "../src/retrieval/build-bundle.js";
import { type ContextBundle, passagesOf } from "../src/retrieval/context-bundle.js";
import { fuseRankings } from "../tools/graph-walk.js";
import type { RankedHit, ToolDeps, ToolResult } from "../tools/tool-result.js";
import type { Runner } from "./agent-tools.js";
import { withAnchor } from "./anchor-evidence.js";
import type { RetrievalPlan, ToolName } from "./retrieval-plan.js";
import type { BridgeBeam } from "./retrieve/bridge-beam.js";
import type { BridgeHop } from "./retrieve/bridge-hop.js";
import { withCutContinuations } from "./retrieve/cut-continuations.js";
import { type GraphEvidenceOutcome, withGraphEvidence } from "./retrieve/graph-evidence.js";
import { fuseHopRankings, type HopRanking, type Merged, mergeHopRankings } from "./retrieve/merge-hops.js";
import { pinnedSearches } from "./retrieve/pinned-searches.js";
import { datesFirst, datesIn } from "./retrieve/question-dates.js";
import { followUnplannedChain } from "./retrieve/unplanned-chain.js";
import type { ToolCall } from "./schemas.js";

export interface PlanOutcome {
  bundle: ContextBundle;
  results: ToolResult[];
  tool_calls: ToolCall[];
  /** Dates the question names and the ones the evidence states (temporal route). */
  dates: { question: string[]; evidence: string[] };
  /** Graph items appended to the passages, per kind, and passages dropped to make room. */
  graph: Omit<GraphEvidenceOutcome, "bundle">;
  /** The second hop a bridge question took (see retrieve/bridge-hop.ts). */
  bridge?: BridgeHop;
  /** The names an unplanned chain followed (see retrieve/bridge-beam.ts). */
  beam?: BridgeBeam;
}

/**
 * A plan's fused order: its first call (the route's primary tool) as ranked, then the hits only
 * the supporting calls found, fused among themselves by RRF. Equal-weight RRF let a weak supporting
 * list interleave with the primary's top (MultiHop-RAG multi_hop questions: graph_paths bundle
 * Recall@5 .20, ppr_search .52, fused .41); this way the evidence is never worse than the primary
 * tool's, and the supporting calls still fill the bundle and give the graph facts and paths.
 */
export function fusedOrder(rankings: ReadonlyArray<readonly string[]>): string[] {
  const [primary = [], ...supporting] = rankings;
  const seen = new Set(primary);
  const rest = fuseRankings(supporting.map((ids) => ({ ids })))
    .map((f) => f.id)
    .filter((id) => !seen.has(id));
  return [...new Set(primary), ...rest];
}

/**
 * Runs a plan's tool calls; one call's bundle is used as is, several are fused by reciprocal rank
 * and packed again into one bundle. The temporal route puts passages naming the question's dates
 * first. What the graph tools found (facts, paths, cross-references, summaries) follows the
 * passages as evidence of its own.
 */
export async function runPlan(
  deps: ToolDeps,
  tools: Record<ToolName, Runner>,
  question: string,
  plan: RetrievalPlan,
  hops: readonly HopRanking[] = [],
): Promise<PlanOutcome> {
  const results: ToolResult[] = [];
  for (const call of plan.calls) results.push(await tools[call.tool](call.input));
  // The anchor reorders by dense search only: without an embedder it is not run at all.
  const anchor =
    plan.anchor && deps.embedder ? await tools[plan.anchor.call.tool](plan.anchor.call.input) : undefined;
  const questionDates = datesIn(question);
  let bundle = results[0]?.bundle ?? (await buildBundle(deps.store, question, "none", []));
  if (results.length > 1 || (plan.dateBoost && questionDates.length > 0)) {
    const hits = new Map<string, RankedHit>();
    for (const r of results) for (const h of r.ranked) if (!hits.has(h.chunk_id)) hits.set(h.chunk_id, h);
    let order = fusedOrder(results.map((r) => r.ranked.map((h) => h.chunk_id)));
    if (plan.dateBoost && questionDates.length > 0) order = await datesFirst(deps, order, questionDates);
    const ranked = order.flatMap((id, i) => {
      const h = hits.get(id);
      return h ? [{ ...h, score: 1 / (1 + i), expansion: h.expansion }] : [];
    });
    bundle = await buildBundle(deps.store, question, results.map((r) => r.tool).join("+"), ranked.map(strip));
  }
  const ranked = results.length === 1 ? (results[0]?.ranked ?? []) : rankedOf(bundle, results);
  // Planned hops already ran (nodes/retrieve-hop.ts): their passages join the question's.
  if (hops.length > 0) bundle = await withHops(deps, question, bundle, ranked, hops, fuseHopRankings);
  // Searches the question's wording asks for (a pointed source, a code identifier): their best
  // two each follow the question's best passage.
  const pinned = hops.length > 0 ? null : await pinnedSearches(deps, tools.hybrid_search, question);
  if (pinned?.rankings.length)
    bundle = await withHops(deps, question, bundle, ranked, pinned.rankings, pinnedMerge, false);
  results.push(...(pinned?.results ?? []));
  // An unplanned chain follows its best passage's names, and a bridge its first answer's name.
  const chain =
    hops.length > 0
      ? null
      : await followUnplannedChain(deps.store, tools.hybrid_search, question, plan, bundle, (b) =>
          pinned?.rankings.length || b !== bundle ? bundleOrder(b, ranked) : ranked,
        );
  if (chain) {
    bundle = chain.bundle;
    results.push(...chain.results);
  }
  // Measured with dense vectors only: a store without them ranks the anchor by BM25 (notes say so).
  if (anchor?.mode === "dense" && plan.anchor) bundle = withAnchor(bundle, anchor, plan.anchor.within);
  // A passage cut before the list it announces ("… these causes:") brings its next chunk.
  bundle = await withCutContinuations(deps.store, bundle);
  const { bundle: withGraph, ...graph } = await withGraphEvidence(
    deps.store,
    question,
    bundle,
    results,
    undefined,
    deps.filter,
  );
  bundle = withGraph;
  return {
    bundle,
    graph,
    results,
    ...(chain?.bridge ? { bridge: chain.bridge } : {}),
    ...(chain?.beam ? { beam: chain.beam } : {}),
    tool_calls: [
      ...plan.calls.map((c, i) => ({
        tool: c.tool,
        input: c.input,
        evidence_ids: results[i]?.bundle.evidence.map((e) => e.chunk_id) ?? [],
      })),
      ...(pinned?.calls ?? []),
      ...(chain?.calls ?? []),
    ],
    dates: {
      question: questionDates,
      evidence: [...new Set(bundle.evidence.flatMap((e) => datesIn(e.text)))].sort().slice(0, 12),
    },
  };
}

/** A pinned search's best two follow the question's best passage. */
const pinnedMerge = (main: readonly string[], hops: readonly HopRanking[]) =>
  mergeHopRankings(main, hops, { keep: 1, perHop: 2 });

const strip = ({ expansion, ...h }: RankedHit) => (expansion ? { ...h, expansion } : h);

/** The question's ranking merged with the hops' (retrieve/merge-hops.ts), each hop's passages marked. */
async function withHops(
  deps: ToolDeps,
  question: string,
  bundle: ContextBundle,
  ranked: readonly RankedHit[],
  hops: readonly HopRanking[],
  merge: (main: readonly string[], hops: readonly HopRanking[]) => Merged,
  /** Mark each passage with the hop that brought it (planned hops' provenance). */
  mark = true,
): Promise<ContextBundle> {
  const { order, hopOf } = merge(
    ranked.map((h) => h.chunk_id),
    hops,
  );
  const known = new Map<string, Omit<RankedHit, "score">>(ranked.map((h) => [h.chunk_id, strip(h)]));
  const fresh = order.filter((id) => !known.has(id));
  for (const n of await deps.store.getNodes(fresh))
    if (n.label === "Chunk") known.set(n.id, { chunk_id: n.id, section_id: n.section_id, doc_id: n.doc_id });
  const merged = order.flatMap((id, i) => {
    const h = known.get(id);
    return h ? [{ ...h, score: 1 / (1 + i) }] : [];
  });
  const out = await buildBundle(deps.store, question, `${bundle.mode}+hops`, merged);
  if (!mark) return out;
  return {
    ...out,
    evidence: out.evidence.map((e) => {
      const hop = hopOf.get(e.chunk_id);
      return hop ? { ...e, hop } : e;
    }),
  };
}

/** The bundle's passages in its order, then the ranking's others (a rebuild keeps what was merged in). */
export function bundleOrder(bundle: ContextBundle, ranked: readonly RankedHit[]): RankedHit[] {
  const first = passagesOf(bundle.evidence).map(
    ({ chunk_id, section_id, doc_id, score, expansion }): RankedHit => ({
      chunk_id,
      section_id,
      doc_id,
      score,
      ...(expansion ? { expansion } : {}),
    }),
  );
  const seen = new Set(first.map((h) => h.chunk_id));
  return [...first, ...ranked.filter((h) => !seen.has(h.chunk_id))];
}

/** The bundle's passages as ranked hits, in bundle order (the fused order of several calls). */
function rankedOf(bundle: ContextBundle, results: readonly ToolResult[]): RankedHit[] {
  const hits = new Map(results.flatMap((r) => r.ranked.map((h) => [h.chunk_id, h] as const)));
  return bundle.evidence.flatMap((e) => {
    const h = hits.get(e.chunk_id);
    return h ? [h] : [];
  });
}
