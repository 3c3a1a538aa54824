/** Timing, agreement and formatting helpers of the store benchmark. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export async function timed<T>(run: () => Promise<T> | T): Promise<[T, number]> {
  const t = performance.now();
  const out = await run();
  return [out, performance.now() - t];
}

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  /** The untimed warm-up call (caches, projections, index loads). */
  first: number;
  /** Ranked ids per question index (0..n-1), for agreement between rows. */
  ids: string[][];
}

export function percentile(ms: readonly number[], p: number): number {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? 0;
}

/** P50/P95 over questions 0..n-1, after one warm-up call on question 0 (timed as `first`). */
export async function latency(n: number, run: (i: number) => Promise<string[]>): Promise<Latency> {
  const [warm, first] = await timed(() => run(0));
  const ms: number[] = [];
  const ids: string[][] = [];
  for (let i = 0; i < n; i++) {
    const [out, took] = await timed(() => run(i));
    ms.push(took);
    ids.push(i === 0 ? warm : out);
  }
  return { n, p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), first, ids };
}

/** Mean share of `a`'s top k also in `b`'s top k, over the questions both answered. */
export function overlap(a: readonly string[][], b: readonly string[][], k = 10): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const top = new Set((b[i] ?? []).slice(0, k));
    const mine = (a[i] ?? []).slice(0, k);
    sum +=
      mine.length === 0 ? (top.size === 0 ? 1 : 0) : mine.filter((id) => top.has(id)).length / mine.length;
  }
  return sum / n;
}

/** Top-k keys by value (ties by key). */
export function topKeys(scores: ReadonlyMap<string, number>, k: number): string[] {
  return [...scores]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, k)
    .map(([id]) => id);
}

export function maxAbsDiff(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  if (a.size !== b.size) return Number.POSITIVE_INFINITY;
  let worst = 0;
  for (const [id, v] of a) {
    const w = b.get(id);
    if (w === undefined) return Number.POSITIVE_INFINITY;
    worst = Math.max(worst, Math.abs(v - w));
  }
  return worst;
}

export const seconds = (ms: number) => (ms / 1000).toFixed(1);
export const ms = (v: number) => v.toFixed(v < 10 ? 2 : v < 1000 ? 1 : 0);
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** Rows of cells, columns padded to their widest cell (the first `left` columns left-aligned). */
export function table(rows: readonly (readonly string[])[], left = 2): string {
  const widths: number[] = [];
  for (const r of rows) for (const [i, c] of r.entries()) widths[i] = Math.max(widths[i] ?? 0, c.length);
  return rows
    .map((r) =>
      r
        .map((c, i) => (i < left ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Bytes under a file or directory (0 when it does not exist). */
export function diskBytes(path: string): number {
  try {
    const st = statSync(path);
    if (!st.isDirectory()) return st.size;
    return readdirSync(path).reduce((sum, name) => sum + diskBytes(join(path, name)), 0);
  } catch {
    return 0;
  }
}

/** Peak and current resident memory of another process (Linux /proc), e.g. the Neo4j JVM. */
export function processMemory(pid: number): { peak: number; now: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { peak: kb("VmHWM"), now: kb("VmRSS") };
  } catch {
    return null;
  }
}
