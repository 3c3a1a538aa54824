import type { EntityNode } from "../domain/entity.js";
import { buildCsr } from "../domain/graph-algorithms/csr-graph.js";
import { personalizedPageRank } from "../domain/graph-algorithms/personalized-page-rank.js";
import type { SectionNode } from "../domain/section.js";

/**
 * Section authority: PageRank (uniform restart) over REFERS_TO, LINKS_TO and PART_OF between
 * sections, scaled so that the mean section has 1. A section many others point at (a Note
 * the whole report refers to) gets more. Pure.
 */
export function sectionAuthority(
  sectionIds: readonly string[],
  links: ReadonlyArray<{ src: string; dst: string }>,
): Map<string, number> {
  const index = new Map(sectionIds.map((id, i) => [id, i]));
  const edges: Array<[number, number, number, number]> = [];
  for (const l of links) {
    const a = index.get(l.src);
    const b = index.get(l.dst);
    // Directed: pointing at a section lends it weight; being pointed at lends little back.
    if (a !== undefined && b !== undefined && a !== b) edges.push([a, b, 1, 0.1]);
  }
  const uniform = new Map(sectionIds.map((_, i) => [i, 1]));
  const rank = personalizedPageRank(buildCsr(sectionIds.length, edges), uniform, {
    damping: 0.85,
    maxIterations: 100,
    tolerance: 1e-10,
  });
  return new Map(sectionIds.map((id, i) => [id, (rank[i] ?? 0) * sectionIds.length]));
}

export type Salience = NonNullable<EntityNode["salience"]>;

/**
 * Salience from how many passages mention an entity: the top 5% (and at least 3 passages)
 * CORE, 2 or more IMPORTANT (titles always at least IMPORTANT), the rest SUPPORTING. Pure.
 */
export function entitySalience(
  entities: ReadonlyArray<Pick<EntityNode, "id" | "type">>,
  mentions: ReadonlyMap<string, number>,
) {
  const counts = entities.map((e) => mentions.get(e.id) ?? 0).sort((a, b) => b - a);
  const coreCut = Math.max(3, counts[Math.floor(counts.length * 0.05)] ?? 3);
  return new Map(
    entities.map((e) => {
      const n = mentions.get(e.id) ?? 0;
      const salience: Salience =
        n >= coreCut ? "CORE" : n >= 2 || e.type === "TITLE" ? "IMPORTANT" : "SUPPORTING";
      return [e.id, { salience, mentions: n }] as const;
    }),
  );
}

export type { SectionNode };
