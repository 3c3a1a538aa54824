/**
 * A pure function of a string, remembered: extraction canonicalises, hashes and date-parses the
 * same names and phrases in passage after passage. At `max` entries the memory starts over, so a
 * long ingest never grows it without bound.
 */
export function boundedMemo<T>(max: number, compute: (key: string) => T): (key: string) => T {
  const seen = new Map<string, T>();
  return (key) => {
    if (seen.has(key)) return seen.get(key) as T;
    const value = compute(key);
    if (seen.size >= max) seen.clear();
    seen.set(key, value);
    return value;
  };
}
