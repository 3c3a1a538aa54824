import type { EntityNode } from "../../domain/entity.js";
import { WeightedPairs } from "./weighted-pairs.js";

export interface RelatedSectionOptions {
  /** Weight of one REFERS_TO (a stated cross-reference) and one LINKS_TO between two sections. */
  refWeight: number;
  linkWeight: number;
  /** An entity in more sections than this is too common to tie them together (and would be quadratic). */
  maxSectionsPerEntity: number;
}

export const DEFAULT_RELATED_SECTIONS: RelatedSectionOptions = {
  refWeight: 2,
  linkWeight: 1,
  maxSectionsPerEntity: 60,
};

type Link = { src: string; dst: string };

/**
 * RELATED_SECTION weights: cross-references and links between sections, plus every pair of
 * sections sharing a CORE/IMPORTANT entity (DATEs excluded), the shared entity weighted
 * 1 / (sections mentioning it - 1) so a rare shared name binds more than a common one. Pure.
 */
export function relatedSectionWeights(
  sectionIds: ReadonlySet<string>,
  refers: readonly Link[],
  links: readonly Link[],
  mentions: readonly Link[],
  entities: ReadonlyArray<Pick<EntityNode, "id" | "salience" | "type">>,
  options: RelatedSectionOptions = DEFAULT_RELATED_SECTIONS,
): WeightedPairs {
  const pairs = new WeightedPairs();
  for (const r of refers) {
    if (sectionIds.has(r.src) && sectionIds.has(r.dst)) pairs.add(r.src, r.dst, options.refWeight);
  }
  for (const l of links) {
    if (sectionIds.has(l.src) && sectionIds.has(l.dst)) pairs.add(l.src, l.dst, options.linkWeight);
  }
  const binding = new Set(
    entities
      .filter((e) => (e.salience === "CORE" || e.salience === "IMPORTANT") && e.type !== "DATE")
      .map((e) => e.id),
  );
  const byEntity = new Map<string, Set<string>>();
  for (const m of mentions) {
    if (!binding.has(m.dst) || !sectionIds.has(m.src)) continue;
    let set = byEntity.get(m.dst);
    if (!set) {
      set = new Set();
      byEntity.set(m.dst, set);
    }
    set.add(m.src);
  }
  for (const ids of byEntity.values()) {
    if (ids.size <= options.maxSectionsPerEntity) pairs.addClique([...ids].sort(), 1);
  }
  return pairs;
}
