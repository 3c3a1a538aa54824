import type { RetrievalFilter } from "../../src/domain/retrieval-filter.js";
import { estimateTokens } from "../../src/ingest/structure/tokens.js";
import { evidenceAt, locateChunks, makeRoom } from "../../src/retrieval/build-bundle.js";
import {
  type ContextBundle,
  type Evidence,
  type EvidenceKind,
  passagesOf,
} from "../../src/retrieval/context-bundle.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import type { GraphPath, ToolResult } from "../../tools/tool-result.js";
import { communityItems } from "./community-items.js";
import { pathSentence } from "./path-sentence.js";
import { factSentences, pickPaths, rankFacts } from "./pick-graph-items.js";
import { hopSentence, referenceHops } from "./reference-hops.js";

export const GRAPH_EVIDENCE_LIMITS = {
  /** Facts, paths and cross-reference hops together. */
  items: 6,
  paths: 2,
  hops: 2,
  /** Top passages whose cross-references are followed. */
  hopSources: 3,
  /** Share of the token budget graph items may take from the weakest passages. */
  share: 0.25,
  /** Passages are never cut below this many to make room (Recall@5 stays the passages'). */
  minPassages: 5,
} as const;

/** One graph item before it is numbered: its kind, the chunk it came from, its text given the S# map. */
interface Item {
  kind: EvidenceKind;
  chunk_id: string;
  /** Every passage the item quotes or rests on (a filter must allow them all). */
  chunks?: readonly string[];
  render: (sidOf: (chunkId: string) => string | undefined) => string;
}

export interface GraphEvidenceOutcome {
  bundle: ContextBundle;
  /** Items added per kind, and passages dropped to make room. */
  added: Partial<Record<EvidenceKind, number>>;
  dropped_passages: number;
}

/**
 * Appends what the graph tools found to a bundle of passages, each as its own S# after them:
 * cross-reference hops out of the top passages ("see Note 4", landing where it points), entity
 * paths and facts read as sentences (at most `items` of these, the ones the question or the top
 * passages name first), dated facts of temporal_lookup, and the community summaries
 * community_search produced. Each item carries the chunk it came from (its location and
 * citation), so citing it opens the right place. Passages keep their S# and order; the weakest
 * may give up to `share` of the budget (never below `minPassages`), and the items stop at the budget.
 */
export async function withGraphEvidence(
  store: GraphStore,
  question: string,
  bundle: ContextBundle,
  results: readonly ToolResult[],
  limits = GRAPH_EVIDENCE_LIMITS,
  filter?: RetrievalFilter,
): Promise<GraphEvidenceOutcome> {
  const passages = passagesOf(bundle.evidence);
  const texts = new Map(passages.map((p) => [p.chunk_id, p.text]));
  const facts = results.flatMap((r) =>
    r.triplets.map((t) => ({
      ...t,
      dated: r.tool === "temporal_lookup" && Boolean(t.valid_from ?? t.valid_to),
    })),
  );
  const hops = await referenceHops(store, passages.slice(0, limits.hopSources), limits.hops);
  const candidates = results.flatMap((r) => r.paths);
  // Texts of chunks along the paths that are not passages: a shared-passage hop quotes them.
  const missing = [...new Set(candidates.flatMap((p) => p.chunk_ids))].filter((id) => !texts.has(id));
  for (const n of await store.getNodes(missing)) if (n.label === "Chunk") texts.set(n.id, n.text);
  const read = (p: GraphPath, sidOf: (id: string) => string | undefined) =>
    pathSentence(p, { sidOf, textOf: (id) => texts.get(id), facts });
  const paths = pickPaths(candidates, limits.paths, (p) => read(p, () => undefined) !== undefined);
  const pathChunks = new Set(paths.flatMap((p) => p.chunk_ids));
  const ranked = rankFacts(question, facts, passages, pathChunks);

  const items: Item[] = [
    ...hops.map((h) => ({
      kind: "path" as const,
      chunk_id: h.target.id,
      render: (sidOf: (id: string) => string | undefined) => hopSentence(h, sidOf(h.from.chunk_id)),
    })),
    ...paths.map((p) => ({
      kind: "path" as const,
      chunk_id: p.chunk_ids.at(-1) ?? p.chunk_ids[0] ?? "",
      chunks: p.chunk_ids,
      render: (sidOf: (id: string) => string | undefined) => read(p, sidOf) ?? "",
    })),
  ];
  for (const { fact, text } of factSentences(ranked, Math.max(0, limits.items - items.length)))
    items.push({ kind: fact.dated ? "temporal" : "fact", chunk_id: fact.chunk_id, render: () => text });
  items.splice(limits.items);
  for (const c of await communityItems(store, results, passages))
    items.push({ kind: "summary", chunk_id: c.chunk_id, render: () => c.text });
  if (filter) await keepAllowedItems(store, items, filter);
  if (items.length === 0) return { bundle, added: {}, dropped_passages: 0 };

  const sidMap = (ev: readonly Evidence[]) => {
    const m = new Map<string, string>();
    for (const e of ev) if (!m.has(e.chunk_id)) m.set(e.chunk_id, e.sid);
    return (id: string) => m.get(id);
  };
  const draft = items.map((i) => estimateTokens(i.render(sidMap(passages))));
  const reserve = Math.min(
    draft.reduce((a, b) => a + b, 0),
    Math.floor(limits.share * bundle.token_budget),
  );
  const base = await makeRoom(
    store,
    { ...bundle, evidence: passages },
    reserve,
    Math.min(limits.minPassages, passages.length),
  );
  const sidOf = sidMap(base.evidence);
  const located = await locateChunks(
    store,
    items.map((i) => i.chunk_id),
  );
  const score = new Map(base.evidence.map((e) => [e.chunk_id, e.score]));
  const evidence = [...base.evidence];
  const added: Partial<Record<EvidenceKind, number>> = {};
  let tokens = base.token_count;
  for (const item of items) {
    const at = located.get(item.chunk_id);
    const text = item.render(sidOf);
    const cost = estimateTokens(text);
    if (!at || !text || tokens + cost > bundle.token_budget) continue;
    tokens += cost;
    evidence.push(
      evidenceAt(at, `S${evidence.length + 1}`, text, score.get(item.chunk_id) ?? 0, { kind: item.kind }),
    );
    added[item.kind] = (added[item.kind] ?? 0) + 1;
  }
  return {
    bundle: { ...base, evidence, token_count: tokens },
    added,
    dropped_passages: passages.length - base.evidence.length,
  };
}

/** Drops (in place) the items resting on a passage the filter excludes: a cross-reference may land outside it. */
async function keepAllowedItems(store: GraphStore, items: Item[], filter: RetrievalFilter): Promise<void> {
  const ids = [...new Set(items.flatMap((i) => [i.chunk_id, ...(i.chunks ?? [])]))];
  const ok = new Set(await store.allowedChunks(ids, filter));
  const kept = items.filter((i) => ok.has(i.chunk_id) && (i.chunks ?? []).every((id) => ok.has(id)));
  items.splice(0, items.length, ...kept);
}
