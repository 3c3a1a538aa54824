import { LRUCache } from "lru-cache";
import { z } from "zod";

export const CacheStatsSchema = z.object({
  entries: z.number().int().nonnegative(),
  capacity: z.number().int().positive(),
  hits: z.number().int().nonnegative(),
  misses: z.number().int().nonnegative(),
  /** hits / (hits + misses); 0 before the first lookup. */
  hit_rate: z.number().min(0).max(1),
  /** Entries dropped to stay within capacity (least recently used first). */
  evictions: z.number().int().nonnegative(),
  /** Entries dropped because the store changed under them. */
  invalidations: z.number().int().nonnegative(),
  /** Lookups that skipped the cache because a write to the store was in progress. */
  bypassed: z.number().int().nonnegative(),
});
export type CacheStats = z.infer<typeof CacheStatsSchema>;

/** The store version entries are valid for; undefined while a write is in progress (no caching then). */
export type VersionSource = () => number | undefined;

export interface ResultCacheOptions {
  /** Most entries kept (least recently used dropped first). */
  capacity?: number;
}

export const DEFAULT_CACHE_CAPACITY = 500;

/**
 * A bounded LRU (lru-cache) of computed results for one store version. Keys are canonical JSON
 * of the request, so key order in inputs does not matter. A changed version empties the cache
 * (its entries describe a store that no longer exists); while the store is being written nothing
 * is read or stored, and a result computed across a change is not stored. Values are deep-copied
 * in and out, so a caller mutating its copy can never change what the next hit returns.
 */
export class ResultCache<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V>;
  private version: number | undefined;
  private counts = { hits: 0, misses: 0, evictions: 0, invalidations: 0, bypassed: 0 };

  constructor(
    private readonly versionOf: VersionSource,
    options: ResultCacheOptions = {},
  ) {
    this.entries = new LRUCache<string, V>({
      max: Math.max(1, Math.floor(options.capacity ?? DEFAULT_CACHE_CAPACITY)),
      // Only drops made to stay within `max`: clear() on a version change reports "delete".
      dispose: (_value, _key, reason) => {
        if (reason === "evict") this.counts.evictions++;
      },
    });
  }

  async get(key: unknown, compute: () => Promise<V>): Promise<V> {
    const before = this.sync();
    if (before === undefined) {
      this.counts.bypassed++;
      return compute();
    }
    const k = canonicalKey(key);
    const hit = this.entries.get(k);
    if (hit !== undefined) {
      this.counts.hits++;
      return structuredClone(hit);
    }
    this.counts.misses++;
    const value = await compute();
    if (this.sync() === before) this.entries.set(k, structuredClone(value));
    return value;
  }

  stats(): CacheStats {
    const lookups = this.counts.hits + this.counts.misses;
    return {
      entries: this.entries.size,
      capacity: this.entries.max,
      ...this.counts,
      hit_rate: lookups === 0 ? 0 : this.counts.hits / lookups,
    };
  }

  /** The current version, dropping every entry when it moved on. */
  private sync(): number | undefined {
    const now = this.versionOf();
    if (now !== undefined && now !== this.version) {
      this.counts.invalidations += this.entries.size;
      this.entries.clear();
      this.version = now;
    }
    return now;
  }
}

/** JSON with object keys sorted at every level: equal requests give equal keys. */
export function canonicalKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** The query as cached and computed: NFC, trimmed, whitespace runs collapsed (case kept: entity detection reads it). */
export function normaliseQuery(text: string): string {
  return text.normalize("NFC").trim().replace(/\s+/g, " ");
}
