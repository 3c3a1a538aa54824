import { Histogram } from "prom-client";
import { describe, expect, it } from "vitest";
import { type MetricFamily, parsePrometheus, renderPrometheus } from "./prometheus-text.js";

const families: MetricFamily[] = [
  {
    name: "agr_queries_total",
    help: "Answered queries\nby route.",
    type: "counter",
    samples: [
      { labels: { route: "simple" }, value: 3 },
      { labels: { route: 'we"ird\\' }, value: 1 },
    ],
  },
  { name: "agr_documents", help: "Documents.", type: "gauge", samples: [{ value: 4 }] },
];

function latency() {
  const h = new Histogram({
    name: "agr_query_duration_seconds",
    help: "Latency.",
    labelNames: ["route"] as const,
    buckets: [0.5],
    registers: [],
  });
  h.observe({ route: "simple" }, 0.25);
  h.observe({ route: "simple" }, 0.5);
  h.observe({ route: "simple" }, 2);
  return h;
}

describe("Prometheus text exposition 0.0.4 (prom-client)", () => {
  it("writes HELP and TYPE once per family, then name{labels} value lines, no blank lines", async () => {
    const text = await renderPrometheus(families, { live: [latency()], process: false });
    expect(text).toBe(
      [
        "# HELP agr_queries_total Answered queries\\nby route.",
        "# TYPE agr_queries_total counter",
        'agr_queries_total{route="simple"} 3',
        'agr_queries_total{route="we\\"ird\\\\"} 1',
        "# HELP agr_documents Documents.",
        "# TYPE agr_documents gauge",
        "agr_documents 4",
        "# HELP agr_query_duration_seconds Latency.",
        "# TYPE agr_query_duration_seconds histogram",
        'agr_query_duration_seconds_bucket{le="0.5",route="simple"} 2',
        'agr_query_duration_seconds_bucket{le="+Inf",route="simple"} 3',
        'agr_query_duration_seconds_sum{route="simple"} 2.75',
        'agr_query_duration_seconds_count{route="simple"} 3',
        "",
      ].join("\n"),
    );
  });

  it("adds the process metrics: CPU, memory, event-loop lag, GC", async () => {
    const text = await renderPrometheus(families);
    const { samples, types } = parsePrometheus(text);
    expect(types.get("process_cpu_user_seconds_total")).toBe("counter");
    expect(types.get("process_resident_memory_bytes")).toBe("gauge");
    expect(types.get("nodejs_heap_size_used_bytes")).toBe("gauge");
    expect(types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
    expect(types.get("nodejs_gc_duration_seconds")).toBe("histogram");
    const rss = samples.find((s) => s.name === "process_resident_memory_bytes");
    expect(rss?.value).toBeGreaterThan(10_000_000);
    expect(samples.find((s) => s.name === "agr_documents")?.value).toBe(4);
    expect(text).not.toMatch(/\n\n/);
  });

  it("refuses a family name used twice", async () => {
    const twice: MetricFamily[] = [
      ...families,
      { name: "agr_documents", help: "again", type: "gauge", samples: [] },
    ];
    await expect(renderPrometheus(twice, { process: false })).rejects.toThrow(/already been registered/);
  });

  it("parses back what it writes (escapes included) and refuses what is not the format", async () => {
    const { samples, types } = parsePrometheus(
      await renderPrometheus(families, { live: [latency()], process: false }),
    );
    expect(types.get("agr_query_duration_seconds")).toBe("histogram");
    expect(samples[1]).toEqual({ name: "agr_queries_total", labels: { route: 'we"ird\\' }, value: 1 });
    expect(samples).toHaveLength(7);
    expect(parsePrometheus("# HELP a h\n# TYPE a gauge\na Nan\n").samples[0]?.value).toBeNaN();
    expect(() => parsePrometheus("agr_x 1\n")).toThrow(/no HELP\/TYPE/);
    expect(() => parsePrometheus("# HELP a h\n# TYPE a gauge\na{b=c} 1\n")).toThrow(
      /not a sample|bad labels/,
    );
    expect(() => parsePrometheus("# HELP a h\n# TYPE a gauge\na one\n")).toThrow(/bad value/);
  });
});
