import { z } from "zod";
import type { Engine } from "../service/engine.js";
import { FeedbackCountsSchema } from "../service/feedback-log.js";
import { QueryStatsSchema } from "../service/query-monitor.js";
import { type CacheStats, CacheStatsSchema } from "../service/result-cache.js";
import type { ServerContext } from "./app-env.js";
import type { MetricFamily } from "./prometheus-text.js";

const n = z.number().int().nonnegative();

export const CachesReportSchema = z.object({
  /** Moves on every change the engine makes to the store; entries of older versions are dropped. */
  store_version: n,
  retrieval: CacheStatsSchema,
  tool_results: CacheStatsSchema,
  subgraphs: CacheStatsSchema,
  /** Kept on the Community nodes, keyed by member content (src/index/communities/). */
  community_summaries: z.object({ communities: n, summarised: n }),
});

/** What GET /v1/stats adds to the `agr stats --json` object. */
export const OperationsReportSchema = z.object({
  caches: CachesReportSchema,
  queries: QueryStatsSchema,
  feedback: FeedbackCountsSchema,
});
export type OperationsReport = z.infer<typeof OperationsReportSchema>;

export async function operationsReport(ctx: ServerContext, engine: Engine): Promise<OperationsReport> {
  const communities = await engine.store.findNodes({ label: "Community" });
  return {
    caches: {
      store_version: engine.storeVersion(),
      ...engine.caches.stats(),
      community_summaries: {
        communities: communities.length,
        summarised: communities.filter((c) => c.summary !== undefined).length,
      },
    },
    queries: ctx.queries.stats(),
    feedback: engine.feedback.stats(),
  };
}

/** GET /metrics: the same numbers as Prometheus families (the latency histogram is ctx.queries.latency). */
export async function operationsMetrics(ctx: ServerContext, engine: Engine): Promise<MetricFamily[]> {
  const report = await operationsReport(ctx, engine);
  const caches = Object.entries(report.caches).filter(
    (e): e is [string, CacheStats] => typeof e[1] === "object" && "hits" in e[1],
  );
  const perCache = (pick: (s: CacheStats) => number) =>
    caches.map(([cache, s]) => ({ labels: { cache }, value: pick(s) }));
  type RouteStats = OperationsReport["queries"]["routes"][string];
  const perRoute = (pick: (r: RouteStats) => number) =>
    Object.entries(report.queries.routes).map(([route, r]) => ({ labels: { route }, value: pick(r) }));
  const jobs = engine.jobs.list();
  const fb = report.feedback;
  const q = report.queries;
  return [
    {
      name: "agr_queries_total",
      help: "Answered queries by route (agent route, forced mode, or retrieve_<mode>).",
      type: "counter",
      samples: perRoute((r) => r.count),
    },
    {
      name: "agr_not_found_total",
      help: "Queries answered not found (retrieve: no evidence) by route.",
      type: "counter",
      samples: perRoute((r) => r.not_found),
    },
    {
      name: "agr_query_requests_total",
      help: "Answered queries by endpoint.",
      type: "counter",
      samples: Object.entries(q.by_endpoint).map(([endpoint, value]) => ({ labels: { endpoint }, value })),
    },
    {
      name: "agr_query_errors_total",
      help: "Queries that failed, by endpoint.",
      type: "counter",
      samples: Object.entries(q.errors).map(([endpoint, value]) => ({ labels: { endpoint }, value })),
    },
    {
      name: "agr_cache_entries",
      help: "Entries held by each result cache.",
      type: "gauge",
      samples: perCache((s) => s.entries),
    },
    {
      name: "agr_cache_capacity",
      help: "Most entries each result cache holds.",
      type: "gauge",
      samples: perCache((s) => s.capacity),
    },
    {
      name: "agr_cache_hits_total",
      help: "Result cache hits.",
      type: "counter",
      samples: perCache((s) => s.hits),
    },
    {
      name: "agr_cache_misses_total",
      help: "Result cache misses.",
      type: "counter",
      samples: perCache((s) => s.misses),
    },
    {
      name: "agr_cache_evictions_total",
      help: "Entries dropped to stay within capacity.",
      type: "counter",
      samples: perCache((s) => s.evictions),
    },
    {
      name: "agr_cache_invalidations_total",
      help: "Entries dropped because the store changed.",
      type: "counter",
      samples: perCache((s) => s.invalidations),
    },
    {
      name: "agr_cache_bypassed_total",
      help: "Lookups that skipped the cache during a store write.",
      type: "counter",
      samples: perCache((s) => s.bypassed),
    },
    {
      name: "agr_store_version",
      help: "Changes the engine made to the store since it started.",
      type: "gauge",
      samples: [{ value: report.caches.store_version }],
    },
    {
      name: "agr_communities",
      help: "Community nodes in the store.",
      type: "gauge",
      samples: [{ value: report.caches.community_summaries.communities }],
    },
    {
      name: "agr_community_summaries_cached",
      help: "Communities whose summary is stored (cached by member content).",
      type: "gauge",
      samples: [{ value: report.caches.community_summaries.summarised }],
    },
    {
      name: "agr_feedback_total",
      help: "Feedback and logged queries by kind (since the feedback log began).",
      type: "counter",
      samples: [
        { labels: { kind: "helpful" }, value: fb.helpful },
        { labels: { kind: "unhelpful" }, value: fb.unhelpful },
        { labels: { kind: "citation_click" }, value: fb.citation_clicks },
        { labels: { kind: "comment" }, value: fb.comments },
        { labels: { kind: "query_logged" }, value: fb.queries },
        { labels: { kind: "not_found_logged" }, value: fb.not_found },
      ],
    },
    {
      name: "agr_documents",
      help: "Documents in the store.",
      type: "gauge",
      samples: [{ value: (await engine.store.listDocuments()).length }],
    },
    {
      name: "agr_ingest_jobs",
      help: "Ingest jobs by status.",
      type: "gauge",
      samples: (["queued", "running", "succeeded", "failed"] as const).map((status) => ({
        labels: { status },
        value: jobs.filter((j) => j.status === status).length,
      })),
    },
  ];
}
