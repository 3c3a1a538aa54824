import { Histogram } from "prom-client";
import { z } from "zod";

/** Where a query came in. */
export const QueryEndpointSchema = z.enum(["query", "query_stream", "chat", "chat_stream", "retrieve"]);
export type QueryEndpoint = z.infer<typeof QueryEndpointSchema>;

/** Upper bounds (seconds) of the latency histogram's buckets; +Inf is implied. */
export const LATENCY_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

/**
 * The monitor's route label: the agent's route (simple, relation, multi_hop, global, temporal),
 * the forced answering mode (vector, hybrid, graph, vector_cypher), or retrieve_<mode> for
 * POST /v1/retrieve.
 */
export function routeLabel(mode: string, route?: string): string {
  if (mode === "agent") return route ?? "simple";
  return route === undefined ? `retrieve_${mode}` : mode;
}

const n = z.number().int().nonnegative();
const LatencySchema = z.object({
  sum: z.number().nonnegative(),
  mean: z.number().nonnegative(),
  /** Over the route's most recent samples (a bounded window). */
  p50: z.number().nonnegative(),
  p95: z.number().nonnegative(),
});
export const SlowQuerySchema = z.object({
  question: z.string(),
  route: z.string(),
  endpoint: QueryEndpointSchema,
  ms: z.number().nonnegative(),
  trace_id: z.string().optional(),
  at: z.string(),
});
export const QueryStatsSchema = z.object({
  total: n,
  not_found: n,
  by_endpoint: z.record(z.string(), n),
  errors: z.record(z.string(), n),
  routes: z.record(
    z.string(),
    z.object({ count: n, not_found: n, not_found_rate: z.number().min(0).max(1), latency_ms: LatencySchema }),
  ),
  slow: z.object({ threshold_ms: z.number().nonnegative(), recent: z.array(SlowQuerySchema) }),
});
export type QueryStats = z.infer<typeof QueryStatsSchema>;
export type SlowQuery = z.infer<typeof SlowQuerySchema>;

export interface QuerySample {
  route: string;
  endpoint: QueryEndpoint;
  /** clock() when the query started. */
  started: number;
  not_found: boolean;
  question: string;
  trace_id?: string;
}

export interface QueryMonitorOptions {
  /** Milliseconds since the epoch; tests inject a fake. */
  clock?: () => number;
  /** A query at least this slow joins the recent slow list. */
  slowMs?: number;
  /** Slow queries kept (newest first). */
  slowKept?: number;
  /** Latency samples kept per route for P50/P95. */
  window?: number;
}

interface RouteState {
  count: number;
  notFound: number;
  sumMs: number;
  recent: number[];
  next: number;
}

/** Per-route query counts, latency and not-found rates, and the latest slow queries. Pure aggregation. */
export class QueryMonitor {
  readonly clock: () => number;
  /** Latency by route, observed per query; GET /metrics exposes it (registered nowhere else). */
  readonly latency = new Histogram({
    name: "agr_query_duration_seconds",
    help: "Query latency by route, from request to answer.",
    labelNames: ["route"] as const,
    buckets: [...LATENCY_BUCKETS_S],
    registers: [],
  });
  private readonly slowMs: number;
  private readonly slowKept: number;
  private readonly window: number;
  private readonly routes = new Map<string, RouteState>();
  private readonly endpoints = new Map<string, number>();
  private readonly errors = new Map<string, number>();
  private slow: SlowQuery[] = [];

  constructor(options: QueryMonitorOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.slowMs = options.slowMs ?? 2000;
    this.slowKept = options.slowKept ?? 20;
    this.window = Math.max(1, options.window ?? 512);
  }

  start(): number {
    return this.clock();
  }

  record(sample: QuerySample): void {
    const now = this.clock();
    const ms = Math.max(0, now - sample.started);
    const r = this.routes.get(sample.route) ?? {
      count: 0,
      notFound: 0,
      sumMs: 0,
      recent: [],
      next: 0,
    };
    this.routes.set(sample.route, r);
    r.count++;
    r.sumMs += ms;
    if (sample.not_found) r.notFound++;
    this.latency.observe({ route: sample.route }, ms / 1000);
    // A ring buffer: the window's oldest sample is overwritten.
    if (r.recent.length < this.window) r.recent.push(ms);
    else r.recent[r.next] = ms;
    r.next = (r.next + 1) % this.window;
    bump(this.endpoints, sample.endpoint);
    if (ms >= this.slowMs) {
      const entry: SlowQuery = {
        question: sample.question.slice(0, 300),
        route: sample.route,
        endpoint: sample.endpoint,
        ms,
        ...(sample.trace_id ? { trace_id: sample.trace_id } : {}),
        at: new Date(now).toISOString(),
      };
      this.slow = [entry, ...this.slow].slice(0, this.slowKept);
    }
  }

  /** A query that failed (no route known): counted by endpoint only. */
  recordError(endpoint: QueryEndpoint): void {
    bump(this.errors, endpoint);
  }

  stats(): QueryStats {
    const routes: QueryStats["routes"] = {};
    let total = 0;
    let notFound = 0;
    for (const [route, r] of [...this.routes].sort(([a], [b]) => (a < b ? -1 : 1))) {
      total += r.count;
      notFound += r.notFound;
      routes[route] = {
        count: r.count,
        not_found: r.notFound,
        not_found_rate: r.count ? r.notFound / r.count : 0,
        latency_ms: {
          sum: r.sumMs,
          mean: r.count ? r.sumMs / r.count : 0,
          p50: nearestRank(r.recent, 50),
          p95: nearestRank(r.recent, 95),
        },
      };
    }
    return {
      total,
      not_found: notFound,
      by_endpoint: Object.fromEntries(this.endpoints),
      errors: Object.fromEntries(this.errors),
      routes,
      slow: { threshold_ms: this.slowMs, recent: [...this.slow] },
    };
  }
}

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** The nearest-rank percentile (a value that was observed); 0 for no samples. */
export function nearestRank(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? 0;
}
