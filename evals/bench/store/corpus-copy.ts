/**
 * Pieces every benchmark that scales a real corpus by copies shares (store, retrieval and scale
 * benches): copy r renames every document-scoped id with a suffix (entities stay shared), and
 * perturbs its chunk text so copies are not exact duplicates.
 */

/** Deep copy of `value` with every id in `scoped` given `suffix`. */
export function scopedRewriter(scoped: ReadonlySet<string>) {
  return <T>(value: T, suffix: string): T => {
    const walk = (v: unknown): unknown => {
      if (typeof v === "string") return scoped.has(v) ? v + suffix : v;
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === "object")
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return walk(value) as T;
  };
}

/** Drops about 10% of a text's words and swaps about 5% for words of `vocabulary`. */
export function perturber(vocabulary: readonly string[]) {
  return (text: string, rand: () => number): string =>
    text
      .split(" ")
      .filter(() => rand() >= 0.1)
      .map((w) => (rand() < 0.05 ? (vocabulary[Math.floor(rand() * vocabulary.length)] ?? w) : w))
      .join(" ");
}
