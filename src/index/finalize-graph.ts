import type { GraphStore } from "../store/graph-store.js";
import { buildCommunities } from "./communities/build-communities.js";
import type { Embedder } from "./embeddings/embedder.js";
import { entitySalience, sectionAuthority } from "./graph-analytics.js";
import { type ResolveReport, resolveEntities } from "./resolve/resolve-entities.js";
import type { SynonymOptions } from "./resolve/synonym-pairs.js";

export interface FinalizeOptions {
  /** When set, CORE/IMPORTANT entity names are embedded (cached) for SYNONYM edges. */
  embedder?: Embedder;
  synonyms?: SynonymOptions;
}

/**
 * Whole-graph figures recomputed after an ingest that changed something: section authority,
 * entity salience, then entity resolution (SYNONYM edges from aliases and name vectors), and
 * entities no passage mentions any more are pruned. Idempotent (same graph, same values).
 */
export async function finalizeGraph(
  store: GraphStore,
  options: FinalizeOptions = {},
): Promise<ResolveReport> {
  // With a push-down the database reads the section links itself.
  const linksOf = (type: "REFERS_TO" | "LINKS_TO" | "PART_OF") =>
    store.pushdown ? Promise.resolve([]) : store.findEdges({ type });
  const [sections, refers, links, partOf, entities, mentioned] = await Promise.all([
    store.findNodes({ label: "Section" }),
    linksOf("REFERS_TO"),
    linksOf("LINKS_TO"),
    linksOf("PART_OF"),
    store.findNodes({ label: "Entity" }),
    store.findEdges({ type: "MENTIONED_IN" }),
  ]);
  // The same PageRank in the database when it can (GDS).
  const authority = store.pushdown
    ? await store.pushdown.sectionAuthority()
    : sectionAuthority(
        sections.map((s) => s.id),
        [...refers, ...links, ...partOf],
      );
  const counts = new Map<string, number>();
  for (const e of mentioned) counts.set(e.src, (counts.get(e.src) ?? 0) + 1);
  const salience = entitySalience(entities, counts);
  const scored = entities.map((e) => ({ ...e, ...salience.get(e.id) }));
  const ranked = sections.map((s) => ({ ...s, authority: Number((authority.get(s.id) ?? 0).toFixed(6)) }));
  await store.write({ nodes: [...ranked, ...scored] });
  const report = await resolveEntities(store, scored, options);
  // SYNONYM edges kept entities of removed documents alive; now they are rewritten, prune again.
  await store.pruneOrphans("Entity");
  // Communities last: they group the entities that survived pruning; summaries stay lazy.
  await buildCommunities(store, { sections: ranked, entities: scored, mentionedIn: mentioned });
  return report;
}
