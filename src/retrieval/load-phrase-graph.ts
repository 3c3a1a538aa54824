import type { GraphEdge } from "../domain/graph-edge.js";
import { RELATION_EDGE_WEIGHT, SYNONYM_EDGE_WEIGHT } from "../domain/phrase-edge-weights.js";
import type { GraphStore } from "../store/graph-store.js";
import { forgetLazyPhraseGraph } from "./modes/ppr-lazy.js";
import { buildPhraseGraph, type PhraseGraph } from "./phrase-graph.js";

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
  forgetLazyPhraseGraph(store);
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
