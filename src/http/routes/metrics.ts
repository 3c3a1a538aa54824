import type { ServerContext } from "../app-env.js";
import { operationsMetrics } from "../operations-report.js";
import { PROMETHEUS_CONTENT_TYPE, renderPrometheus } from "../prometheus-text.js";
import { defineRoute } from "../route.js";

/** GET /metrics: Prometheus text exposition 0.0.4 (same auth as the API). */
export function metricsRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/metrics",
      summary:
        "Prometheus metrics (text format 0.0.4): queries, not-found and latency by route, caches, feedback, documents, and the process (CPU, memory, event-loop lag, GC)",
      tag: "operations",
      responses: { 200: { description: `${PROMETHEUS_CONTENT_TYPE}` } },
      handler: async (c) => {
        const families = await operationsMetrics(ctx, ctx.engine());
        const text = await renderPrometheus(families, { live: [ctx.queries.latency] });
        return c.body(text, 200, { "content-type": PROMETHEUS_CONTENT_TYPE });
      },
    }),
  ];
}
