import type { EntityNode } from "../../domain/entity.js";
import { WeightedPairs } from "./weighted-pairs.js";

type Link = { src: string; dst: string };

/**
 * Entity graph for entity communities: CORE/IMPORTANT non-date entities linked by stated
 * relations (RELATED_TO, weight 1 each) and by sharing a passage (MENTIONED_IN, 1 / (n - 1)
 * per passage with n such entities; passages naming more than maxPerChunk are skipped as lists). Pure.
 */
export function entityLinkWeights(
  entities: ReadonlyArray<Pick<EntityNode, "id" | "salience" | "type">>,
  related: readonly Link[],
  mentionedIn: readonly Link[],
  maxPerChunk = 25,
): WeightedPairs {
  const keep = new Set(
    entities
      .filter((e) => (e.salience === "CORE" || e.salience === "IMPORTANT") && e.type !== "DATE")
      .map((e) => e.id),
  );
  const pairs = new WeightedPairs();
  for (const r of related) if (keep.has(r.src) && keep.has(r.dst)) pairs.add(r.src, r.dst, 1);
  const byChunk = new Map<string, string[]>();
  for (const m of mentionedIn) {
    if (!keep.has(m.src)) continue;
    const list = byChunk.get(m.dst);
    if (list) list.push(m.src);
    else byChunk.set(m.dst, [m.src]);
  }
  for (const ids of byChunk.values()) {
    const uniq = [...new Set(ids)].sort();
    if (uniq.length <= maxPerChunk) pairs.addClique(uniq, 1);
  }
  return pairs;
}
