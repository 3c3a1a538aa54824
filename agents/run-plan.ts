import type { CommunitySummarizer } from "../src/index/communities/community-summarizer.js";
import { buildBundle, DEFAULT_TOKEN_BUDGET } from "../src/retrieval/build-bundle.js";
import type { ContextBundle } from "../src/retrieval/context-bundle.js";
import { retrieve } from "../src/retrieval/retrieve.js";
import { CommunitySearchResultSchema, createCommunitySearchTool } from "../tools/community-search.js";
import { createGraphPathsTool } from "../tools/graph-paths.js";
import { fuseRankings } from "../tools/graph-walk.js";
import { createHybridSearchTool } from "../tools/hybrid-search.js";
import { createPprSearchTool } from "../tools/ppr-search.js";
import { createTemporalLookupTool } from "../tools/temporal-lookup.js";
import {
  type RankedHit,
  type ToolDeps,
  type ToolResult,
  ToolResultSchema,
  toolResult,
} from "../tools/tool-result.js";
import { createVectorCypherTool } from "../tools/vector-cypher.js";
import { createVectorSearchTool } from "../tools/vector-search.js";
import { withAnchor } from "./anchor-evidence.js";
import type { PlannedCall, RetrievalPlan, ToolName } from "./retrieval-plan.js";
import { type BridgeHop, followBridge } from "./retrieve/bridge-hop.js";
import { withCutContinuations } from "./retrieve/cut-continuations.js";
import { type GraphEvidenceOutcome, withGraphEvidence } from "./retrieve/graph-evidence.js";
import { fuseHopRankings, type HopRanking, type Merged, mergeHopRankings } from "./retrieve/merge-hops.js";
import { pinnedSearches } from "./retrieve/pinned-searches.js";
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
}

type Runner = (input: PlannedCall["input"]) => Promise<ToolResult>;

/** The LangChain tools over one set of deps, plus `agr ask --mode graph`'s blended ranking. */
export function agentTools(deps: ToolDeps & { summarizer?: CommunitySummarizer }): Record<ToolName, Runner> {
  const vector = createVectorSearchTool(deps);
  const hybrid = createHybridSearchTool(deps);
  const ppr = createPprSearchTool(deps);
  const cypher = createVectorCypherTool(deps);
  const paths = createGraphPathsTool(deps);
  // Community summaries: extractive unless an LLM summarizer is given (AGR_LLM=openai).
  const communities = createCommunitySearchTool({
    store: deps.store,
    ...(deps.summarizer ? { summarizer: deps.summarizer } : {}),
    ...(deps.filter ? { filter: deps.filter } : {}),
  });
  const temporal = createTemporalLookupTool(deps);
  // Each planned input goes through the tool's own schema, then through the LangChain tool.
  return {
    vector_search: async (input) => ToolResultSchema.parse(await vector.invoke(vector.schema.parse(input))),
    hybrid_search: async (input) => ToolResultSchema.parse(await hybrid.invoke(hybrid.schema.parse(input))),
    ppr_search: async (input) => ToolResultSchema.parse(await ppr.invoke(ppr.schema.parse(input))),
    vector_cypher: async (input) => ToolResultSchema.parse(await cypher.invoke(cypher.schema.parse(input))),
    graph_paths: async (input) => ToolResultSchema.parse(await paths.invoke(paths.schema.parse(input))),
    // Its own schema keeps the community summaries, which become evidence.
    community_search: async (input) =>
      CommunitySearchResultSchema.parse(await communities.invoke(communities.schema.parse(input))),
    temporal_lookup: async (input) =>
      ToolResultSchema.parse(await temporal.invoke(temporal.schema.parse(input))),
    graph_mode: async (input) => {
      const query = String(input.query);
      const filter = deps.filter ? { filter: deps.filter } : {};
      const ranked = await retrieve(deps, query, { mode: "graph", k: Number(input.k ?? 30), ...filter });
      return toolResult(deps.store, {
        tool: "graph_mode",
        query,
        mode: "graph",
        ranked,
        budget: DEFAULT_TOKEN_BUDGET,
        ...filter,
      });
    },
  };
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
  const anchor = plan.anchor ? await tools[plan.anchor.call.tool](plan.anchor.call.input) : undefined;
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
  // A bridge question whose first answer has no passage here: one more hop, by that answer's name.
  const hop =
    hops.length > 0
      ? null
      : await followBridge(
          deps.store,
          (query) => tools.hybrid_search({ query, k: 20 }),
          question,
          bundle,
          ranked,
        );
  if (hop) {
    bundle = hop.bundle;
    results.push(hop.result);
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
    ...(hop ? { bridge: hop.hop } : {}),
    tool_calls: [
      ...plan.calls.map((c, i) => ({
        tool: c.tool,
        input: c.input,
        evidence_ids: results[i]?.bundle.evidence.map((e) => e.chunk_id) ?? [],
      })),
      ...(pinned?.calls ?? []),
      ...(hop
        ? [
            {
              tool: "hybrid_search",
              input: { query: hop.hop.query, k: 20 },
              evidence_ids: hop.result.bundle.evidence.map((e) => e.chunk_id),
            },
          ]
        : []),
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

/** The bundle's passages as ranked hits, in bundle order (the fused order of several calls). */
function rankedOf(bundle: ContextBundle, results: readonly ToolResult[]): RankedHit[] {
  const hits = new Map(results.flatMap((r) => r.ranked.map((h) => [h.chunk_id, h] as const)));
  return bundle.evidence.flatMap((e) => {
    const h = hits.get(e.chunk_id);
    return h ? [h] : [];
  });
}

const DATE =
  /\b(?:\d{4}-\d{2}-\d{2}|(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.? (?:\d{1,2}, )?\d{4}|Q[1-4] \d{4}|(?:1[5-9]|20)\d{2})\b/g;

/** Dates a text names: ISO dates, "March 2021", "Q3 2020", bare years. */
export function datesIn(text: string): string[] {
  return [...new Set(text.match(DATE) ?? [])];
}

async function datesFirst(
  deps: ToolDeps,
  order: readonly string[],
  dates: readonly string[],
): Promise<string[]> {
  const years = new Set(dates.flatMap((d) => d.match(/\d{4}/g) ?? []));
  const texts = new Map(
    (await deps.store.getNodes(order)).flatMap((n) => (n.label === "Chunk" ? [[n.id, n.text] as const] : [])),
  );
  const names = (id: string) => [...years].some((y) => (texts.get(id) ?? "").includes(y));
  return [...order.filter(names), ...order.filter((id) => !names(id))];
}
