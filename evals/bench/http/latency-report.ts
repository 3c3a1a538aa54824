import { ENDPOINTS, type Endpoint, type Sample } from "./load-clients.js";

export interface EndpointSummary {
  endpoint: Endpoint | "all";
  requests: number;
  errors: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  rps: number;
}

/** Nearest-rank percentile of sorted values (0 when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

function summarize(endpoint: EndpointSummary["endpoint"], samples: readonly Sample[], seconds: number) {
  const ms = samples
    .filter((s) => s.ok)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    endpoint,
    requests: samples.length,
    errors: samples.filter((s) => !s.ok).length,
    p50_ms: round(percentile(ms, 50)),
    p95_ms: round(percentile(ms, 95)),
    p99_ms: round(percentile(ms, 99)),
    max_ms: round(ms[ms.length - 1] ?? 0),
    rps: seconds > 0 ? round(samples.length / seconds) : 0,
  };
}

/** Per endpoint and overall; latency percentiles over successful requests only (errors are counted apart). */
export function summarizeAll(samples: readonly Sample[], seconds: number): EndpointSummary[] {
  return [
    ...ENDPOINTS.map((e) =>
      summarize(
        e,
        samples.filter((s) => s.endpoint === e),
        seconds,
      ),
    ),
    summarize("all", samples, seconds),
  ];
}

/** Summaries per phase (before / ingesting / down / after), each over the time the phase lasted. */
export function summarizePhases(
  samples: readonly Sample[],
  phaseSeconds: Record<string, number>,
): Record<string, EndpointSummary[]> {
  const out: Record<string, EndpointSummary[]> = {};
  for (const phase of new Set(samples.map((s) => s.phase)))
    out[phase] = summarizeAll(
      samples.filter((s) => s.phase === phase),
      phaseSeconds[phase] ?? 0,
    );
  return out;
}

/** A fixed-width text table. */
export function table(rows: readonly EndpointSummary[]): string {
  const head = ["endpoint", "requests", "errors", "P50 ms", "P95 ms", "P99 ms", "max ms", "req/s"];
  const body = rows.map((r) => [
    r.endpoint,
    String(r.requests),
    String(r.errors),
    r.p50_ms.toFixed(1),
    r.p95_ms.toFixed(1),
    r.p99_ms.toFixed(1),
    r.max_ms.toFixed(1),
    r.rps.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join("  ");
  return [line(head), ...body.map(line)].join("\n");
}

/** First few distinct error messages, with counts. */
export function errorKinds(samples: readonly Sample[], max = 5): Array<{ error: string; count: number }> {
  const counts = new Map<string, number>();
  for (const s of samples) if (!s.ok) counts.set(s.error ?? "?", (counts.get(s.error ?? "?") ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([error, count]) => ({ error, count }));
}

/** The slowest requests, to see when (and in which phase) latency spiked. */
export function slowest(samples: readonly Sample[], n = 8) {
  return [...samples]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((s) => ({
      endpoint: s.endpoint,
      at_s: Math.round(s.at / 100) / 10,
      ms: Math.round(s.ms),
      phase: s.phase,
      ok: s.ok,
    }));
}

/**
 * Time to first token of the streamed chats (first chunk with answer text), over successful
 * streams; beside it the whole stream's time, to show how much earlier the text starts.
 */
export function timeToFirstToken(samples: readonly Sample[]) {
  const streams = samples.filter((s) => s.endpoint === "chat_stream" && s.ok && s.ttft_ms !== undefined);
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  const ttft = sorted(streams.map((s) => s.ttft_ms ?? 0));
  const whole = sorted(streams.map((s) => s.ms));
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    streams: streams.length,
    p50_ms: round(percentile(ttft, 50)),
    p95_ms: round(percentile(ttft, 95)),
    max_ms: round(ttft.at(-1) ?? 0),
    stream_p50_ms: round(percentile(whole, 50)),
    stream_p95_ms: round(percentile(whole, 95)),
  };
}
