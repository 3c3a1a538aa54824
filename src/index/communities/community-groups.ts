import type { GraphPushdown } from "../../store/graph-pushdown.js";
import { louvainGroups } from "./louvain-partition.js";
import type { WeightedPairs } from "./weighted-pairs.js";

/**
 * Louvain communities of the weighted pairs: in the database (GDS `gds.louvain`) when the store
 * offers a push-down, else in process (graphology, seeded). Both give groups of ≥ minSize
 * members, largest first, members sorted. The two implementations break ties differently, so
 * partitions agree closely but not exactly (see gds-pushdown.int.test.ts for the measured NMI).
 */
export async function communityGroups(
  pairs: WeightedPairs,
  pushdown?: GraphPushdown,
  minSize = 2,
): Promise<string[][]> {
  if (!pushdown) return louvainGroups(pairs, { minSize });
  return groupMembers(await pushdown.louvain([...pairs.entries()]), minSize);
}

/** node → community as sorted groups, the same order louvainGroups returns. */
export function groupMembers(mapping: ReadonlyMap<string, number>, minSize = 2): string[][] {
  const groups = new Map<number, string[]>();
  for (const [node, c] of [...mapping].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    const g = groups.get(c);
    if (g) g.push(node);
    else groups.set(c, [node]);
  }
  return [...groups.values()]
    .filter((g) => g.length >= minSize)
    .sort((x, y) => y.length - x.length || ((x[0] as string) < (y[0] as string) ? -1 : 1));
}
