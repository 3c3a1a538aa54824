import { describe, expect, it } from "vitest";
import { nearestRank, QueryMonitor, QueryStatsSchema, routeLabel } from "./query-monitor.js";

/** A clock the test moves by hand. */
const fakeClock = (start = Date.parse("2024-05-01T00:00:00Z")) => {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
};

describe("QueryMonitor", () => {
  it("counts by route and endpoint, with not-found rates and latency sum, mean, P50, P95", () => {
    const t = fakeClock();
    const m = new QueryMonitor({ clock: t.clock, slowMs: 1000 });
    const run = (route: string, ms: number, not_found = false) => {
      const started = m.start();
      t.advance(ms);
      m.record({ route, endpoint: "query", started, not_found, question: `q ${ms}`, trace_id: `tr_${ms}` });
    };
    for (let i = 1; i <= 20; i++) run("simple", i * 10, i % 4 === 0);
    run("multi_hop", 1500);
    m.recordError("chat");
    const s = QueryStatsSchema.parse(m.stats());
    expect(s.total).toBe(21);
    expect(s.not_found).toBe(5);
    expect(s.by_endpoint).toEqual({ query: 21 });
    expect(s.errors).toEqual({ chat: 1 });
    expect(s.routes.simple).toEqual({
      count: 20,
      not_found: 5,
      not_found_rate: 0.25,
      latency_ms: { sum: 2100, mean: 105, p50: 100, p95: 190 },
    });
    expect(s.routes.multi_hop?.latency_ms.p95).toBe(1500);
    expect(s.slow.recent).toEqual([
      {
        question: "q 1500",
        route: "multi_hop",
        endpoint: "query",
        ms: 1500,
        trace_id: "tr_1500",
        at: "2024-05-01T00:00:03.600Z",
      },
    ]);
  });

  it("keeps P50/P95 over a bounded window of the latest samples, and the newest slow queries only", () => {
    const t = fakeClock();
    const m = new QueryMonitor({ clock: t.clock, slowMs: 0, slowKept: 3, window: 4 });
    for (const ms of [1000, 1000, 1000, 1000, 1, 2, 3, 4]) {
      const started = m.start();
      t.advance(ms);
      m.record({ route: "global", endpoint: "retrieve", started, not_found: false, question: String(ms) });
    }
    const s = m.stats();
    expect(s.routes.global?.latency_ms).toMatchObject({ p50: 2, p95: 4, sum: 4010 });
    expect(s.slow.recent.map((q) => q.question)).toEqual(["4", "3", "2"]);
  });

  it("the latency histogram is cumulative per route, with +Inf equal to the count", async () => {
    const t = fakeClock();
    const m = new QueryMonitor({ clock: t.clock });
    for (const [route, ms] of [
      ["simple", 10],
      ["simple", 200],
      ["simple", 3000],
      ["simple", 120_000],
      ["global", 50],
    ] as const) {
      const started = m.start();
      t.advance(ms);
      m.record({ route, endpoint: "chat", started, not_found: ms > 1000, question: "q" });
    }
    const { values } = await m.latency.get();
    const of = (route: string, metric: string) =>
      values.filter(
        (v) => v.labels.route === route && v.metricName === `agr_query_duration_seconds${metric}`,
      );
    // Bounds: 0.05 0.1 0.25 0.5 1 2.5 5 10 30 60 +Inf
    const le = (labels: Record<string, string | number | undefined>) => labels.le;
    expect(of("simple", "_bucket").map((v) => [le(v.labels), v.value])).toEqual(
      [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, "+Inf"].map((le, i) => [
        le,
        [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4][i],
      ]),
    );
    expect(of("simple", "_count")[0]?.value).toBe(4);
    expect(of("simple", "_sum")[0]?.value).toBeCloseTo(123.21, 9);
    // 50 ms sits on the 0.05 bound: buckets are "less than or equal".
    expect(of("global", "_bucket")[0]).toMatchObject({ labels: { le: 0.05 }, value: 1 });
  });

  it("labels routes: the agent's route, a forced mode, or retrieve_<mode>", () => {
    expect(routeLabel("agent", "multi_hop")).toBe("multi_hop");
    expect(routeLabel("vector_cypher", "simple")).toBe("vector_cypher");
    expect(routeLabel("ppr")).toBe("retrieve_ppr");
  });

  it("nearestRank picks an observed value", () => {
    expect(nearestRank([], 50)).toBe(0);
    expect(nearestRank([5], 95)).toBe(5);
    expect(nearestRank([4, 1, 3, 2], 50)).toBe(2);
    expect(nearestRank([4, 1, 3, 2], 95)).toBe(4);
  });
});
