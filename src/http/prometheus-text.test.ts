import { describe, expect, it } from "vitest";
import { parsePrometheus, renderPrometheus } from "./prometheus-text.js";

describe("Prometheus text exposition 0.0.4", () => {
  const text = renderPrometheus([
    {
      name: "agr_queries_total",
      help: "Answered queries\nby route.",
      type: "counter",
      samples: [
        { labels: { route: "simple" }, value: 3 },
        { labels: { route: 'we"ird\\' }, value: 1 },
      ],
    },
    {
      name: "agr_query_duration_seconds",
      help: "Latency.",
      type: "histogram",
      samples: [
        { suffix: "_bucket", labels: { route: "simple", le: "0.5" }, value: 2 },
        { suffix: "_bucket", labels: { route: "simple", le: "+Inf" }, value: 3 },
        { suffix: "_sum", labels: { route: "simple" }, value: 0.75 },
        { suffix: "_count", labels: { route: "simple" }, value: 3 },
      ],
    },
    { name: "agr_documents", help: "Documents.", type: "gauge", samples: [{ value: 4 }] },
  ]);

  it("writes HELP and TYPE once per family, then name{labels} value lines", () => {
    expect(text).toBe(
      [
        "# HELP agr_queries_total Answered queries\\nby route.",
        "# TYPE agr_queries_total counter",
        'agr_queries_total{route="simple"} 3',
        'agr_queries_total{route="we\\"ird\\\\"} 1',
        "# HELP agr_query_duration_seconds Latency.",
        "# TYPE agr_query_duration_seconds histogram",
        'agr_query_duration_seconds_bucket{route="simple",le="0.5"} 2',
        'agr_query_duration_seconds_bucket{route="simple",le="+Inf"} 3',
        'agr_query_duration_seconds_sum{route="simple"} 0.75',
        'agr_query_duration_seconds_count{route="simple"} 3',
        "# HELP agr_documents Documents.",
        "# TYPE agr_documents gauge",
        "agr_documents 4",
        "",
      ].join("\n"),
    );
  });

  it("parses back what it writes (escapes included) and refuses what is not the format", () => {
    const { samples, types } = parsePrometheus(text);
    expect(types.get("agr_query_duration_seconds")).toBe("histogram");
    expect(samples[1]).toEqual({ name: "agr_queries_total", labels: { route: 'we"ird\\' }, value: 1 });
    expect(samples).toHaveLength(7);
    expect(() => parsePrometheus("agr_x 1\n")).toThrow(/no HELP\/TYPE/);
    expect(() => parsePrometheus("# HELP a h\n# TYPE a gauge\na{b=c} 1\n")).toThrow(
      /not a sample|bad labels/,
    );
    expect(() => parsePrometheus("# HELP a h\n# TYPE a gauge\na one\n")).toThrow(/bad value/);
  });
});
