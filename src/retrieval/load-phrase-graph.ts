import type { GraphStore } from "../store/graph-store.js";
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

async function build(store: GraphStore): Promise<PhraseGraph> {
  const [entities, mentioned, next] = await Promise.all([
    store.findNodes({ label: "Entity" }),
    store.findEdges({ type: "MENTIONED_IN" }),
    store.findEdges({ type: "NEXT" }),
  ]);
  return buildPhraseGraph({
    entities,
    mentions: mentioned.map((e) => ({ entity: e.src, chunk: e.dst, weight: e.props.weight ?? 1 })),
    // Neighbouring chunks of one section share context; weaker than a shared entity.
    links: next.filter((e) => e.section_id !== "").map((e) => ({ a: e.src, b: e.dst, weight: 0.5 })),
  });
}
