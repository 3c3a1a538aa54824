/** Undirected weighted pairs keyed "a\u0000b" with a < b; accumulating adds weights. */
export class WeightedPairs {
  readonly weights = new Map<string, number>();

  add(a: string, b: string, w: number): void {
    if (a === b || !(w > 0)) return;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    this.weights.set(key, (this.weights.get(key) ?? 0) + w);
  }

  /** Every member pair of a group, each weighted w / (n - 1): a big group adds no more to a member than a pair does. */
  addClique(members: readonly string[], w: number): void {
    const n = members.length;
    if (n < 2) return;
    const each = w / (n - 1);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) this.add(members[i] as string, members[j] as string, each);
    }
  }

  *entries(): IterableIterator<{ a: string; b: string; weight: number }> {
    for (const [key, weight] of this.weights) {
      const cut = key.indexOf("\u0000");
      yield { a: key.slice(0, cut), b: key.slice(cut + 1), weight };
    }
  }
}

export type WeightedPair = { a: string; b: string; weight: number };

/** Strongest first, ties by name (a + b): the order `sparse` visits pairs in. Each key is built once, not per comparison. */
export function strongestFirst(all: Iterable<WeightedPair>): WeightedPair[] {
  const keyed = [...all].map((p) => ({ p, k: p.a + p.b }));
  keyed.sort((x, y) => y.p.weight - x.p.weight || (x.k < y.k ? -1 : 1));
  return keyed.map((x) => x.p);
}

/**
 * The pairs among the `perNode` strongest of either endpoint (weights rounded as stored), of a
 * list in `strongestFirst` order: deterministic.
 */
export function sparseSorted(list: readonly WeightedPair[], perNode: number): WeightedPairs {
  const used = new Map<string, number>();
  const out = new WeightedPairs();
  for (const p of list) {
    const ua = used.get(p.a) ?? 0;
    const ub = used.get(p.b) ?? 0;
    if (ua >= perNode && ub >= perNode) continue;
    used.set(p.a, ua + 1);
    used.set(p.b, ub + 1);
    out.add(p.a, p.b, Number(p.weight.toFixed(6)));
  }
  return out;
}
