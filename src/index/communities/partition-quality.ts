/**
 * Comparing two community partitions (Louvain is not deterministic across implementations, so
 * the in-process and the GDS partitions are compared by agreement and by quality, not equality).
 * Pure; used by the parity tests and benchmark scripts.
 */

/** Normalised mutual information (arithmetic mean normalisation) over the nodes both assign. */
export function nmi(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  const nodes = [...a.keys()].filter((n) => b.has(n));
  const n = nodes.length;
  if (n === 0) return 1;
  const count = <K>(xs: K[]) => {
    const m = new Map<K, number>();
    for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  };
  const ca = count(nodes.map((x) => a.get(x) ?? -1));
  const cb = count(nodes.map((x) => b.get(x) ?? -1));
  const joint = count(nodes.map((x) => `${a.get(x)}\u0000${b.get(x)}`));
  const entropy = (m: Map<number, number>) =>
    -[...m.values()].reduce((s, c) => s + (c / n) * Math.log(c / n), 0);
  let mi = 0;
  for (const [key, c] of joint) {
    const [x, y] = key.split("\u0000").map(Number);
    mi += (c / n) * Math.log((c * n) / ((ca.get(x ?? -1) ?? 1) * (cb.get(y ?? -1) ?? 1)));
  }
  const h = (entropy(ca) + entropy(cb)) / 2;
  return h === 0 ? 1 : mi / h;
}

/** Newman modularity (resolution 1) of a partition of an undirected weighted graph. */
export function modularity(
  pairs: ReadonlyArray<{ a: string; b: string; weight: number }>,
  community: ReadonlyMap<string, number>,
): number {
  let m = 0;
  const strength = new Map<string, number>();
  let inside = 0;
  for (const { a, b, weight } of pairs) {
    m += weight;
    strength.set(a, (strength.get(a) ?? 0) + weight);
    strength.set(b, (strength.get(b) ?? 0) + weight);
    if (community.get(a) === community.get(b)) inside += weight;
  }
  if (m === 0) return 0;
  const total = new Map<number, number>();
  for (const [node, s] of strength) {
    const c = community.get(node) ?? -1;
    total.set(c, (total.get(c) ?? 0) + s);
  }
  let expected = 0;
  for (const t of total.values()) expected += (t / (2 * m)) ** 2;
  return inside / m - expected;
}

/** node → community from sorted groups (every node of a group gets the group's index). */
export function membership(groups: readonly (readonly string[])[]): Map<string, number> {
  return new Map(groups.flatMap((g, i) => g.map((n) => [n, i] as const)));
}
