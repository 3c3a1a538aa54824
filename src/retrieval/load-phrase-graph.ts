import type { GraphEdge } from "../domain/graph-edge.js";
import type { GraphStore } from "../store/graph-store.js";
import { buildPhraseGraph, type PhraseGraph } from "./phrase-graph.js";

/**
 * Entity → entity edge weights (a passage mention weighs 1, a title 2). Measured on the dev
 * splits (BM25 seeds; bge seeds and name vectors for SYNONYM on MuSiQue): relation edges at 0 /
 * 0.25 / 0.5 / 1 and SYNONYM edges at 1 and 0.3 all move Recall@5 by at most one question's
 * worth; these values were not worse anywhere.
 */
export const RELATION_EDGE_WEIGHT = 0.5;
/** Scales SYNONYM cosines. */
export const SYNONYM_EDGE_WEIGHT = 0.3;

const cache = new WeakMap<GraphStore, Promise<PhraseGraph>>();

/** Loads the phrase + passage graph once per store handle (reopen the store to see new data). */
export function loadPhraseGraph(store: GraphStore): Promise<PhraseGraph> {
  let hit = cache.get(store);
  if (!hit) {
    hit = build(store);
    cache.set(store, hit);
  }
  return hit;
}

/** Drops the cached graph of a store handle after its data changed (a long-lived server's ingest or delete). */
export function forgetPhraseGraph(store: GraphStore): void {
  cache.delete(store);
  // The database's projected copy too; a failed drop only leaves memory to the server's restart.
  void store.pushdown?.forget().catch(() => undefined);
}

async function build(store: GraphStore): Promise<PhraseGraph> {
  const [entities, mentioned, next, synonyms, related] = await Promise.all([
    store.findNodes({ label: "Entity" }),
    store.findEdges({ type: "MENTIONED_IN" }),
    store.findEdges({ type: "NEXT" }),
    store.findEdges({ type: "SYNONYM" }),
    store.findEdges({ type: "RELATED_TO" }),
  ]);
  // Classes ("film") and dates would be hubs joining unrelated names: only named things link.
  const named = new Set(entities.filter((e) => e.type === "NAME" || e.type === "TITLE").map((e) => e.id));
  return buildPhraseGraph({
    entities,
    mentions: mentioned.map((e) => ({ entity: e.src, chunk: e.dst, weight: e.props.weight ?? 1 })),
    // Neighbouring chunks of one section share context; weaker than a shared entity.
    links: next.filter((e) => e.section_id !== "").map((e) => ({ a: e.src, b: e.dst, weight: 0.5 })),
    entityLinks: [
      ...synonyms.map((e) => ({ a: e.src, b: e.dst, weight: SYNONYM_EDGE_WEIGHT * (e.props.weight ?? 1) })),
      ...relationLinks(related, named),
    ],
  });
}

/** One edge per related pair of named entities, however many passages state facts between them. */
function relationLinks(related: readonly GraphEdge[], named: ReadonlySet<string>) {
  const pairs = new Map<string, { a: string; b: string; weight: number }>();
  for (const e of related) {
    if (e.props.predicate === "alias of" || !named.has(e.src) || !named.has(e.dst)) continue;
    const [a, b] = e.src < e.dst ? [e.src, e.dst] : [e.dst, e.src];
    pairs.set(`${a}\u0000${b}`, { a, b, weight: RELATION_EDGE_WEIGHT });
  }
  return [...pairs.values()];
}
