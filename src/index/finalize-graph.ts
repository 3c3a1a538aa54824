import type { GraphStore } from "../store/graph-store.js";
import { entitySalience, sectionAuthority } from "./graph-analytics.js";

/**
 * Whole-graph figures recomputed after an ingest that changed something: section authority
 * and entity salience. Idempotent (same graph, same values).
 */
export async function finalizeGraph(store: GraphStore): Promise<void> {
  const [sections, refers, links, partOf, entities, mentioned] = await Promise.all([
    store.findNodes({ label: "Section" }),
    store.findEdges({ type: "REFERS_TO" }),
    store.findEdges({ type: "LINKS_TO" }),
    store.findEdges({ type: "PART_OF" }),
    store.findNodes({ label: "Entity" }),
    store.findEdges({ type: "MENTIONED_IN" }),
  ]);
  const authority = sectionAuthority(
    sections.map((s) => s.id),
    [...refers, ...links, ...partOf],
  );
  const counts = new Map<string, number>();
  for (const e of mentioned) counts.set(e.src, (counts.get(e.src) ?? 0) + 1);
  const salience = entitySalience(entities, counts);
  await store.write({
    nodes: [
      ...sections.map((s) => ({ ...s, authority: Number((authority.get(s.id) ?? 0).toFixed(6)) })),
      ...entities.map((e) => ({ ...e, ...salience.get(e.id) })),
    ],
  });
}
