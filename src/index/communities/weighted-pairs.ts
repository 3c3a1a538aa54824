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
