import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from "prom-client";

/** Content type of the Prometheus text exposition format 0.0.4. */
export const PROMETHEUS_CONTENT_TYPE: string = Registry.PROMETHEUS_CONTENT_TYPE;

export type Labels = Readonly<Record<string, string>>;

export interface MetricSample {
  labels?: Labels;
  value: number;
}

/** Numbers read at scrape time from where they live (caches, store, jobs, the query monitor). */
export interface MetricFamily {
  name: string;
  help: string;
  type: "counter" | "gauge";
  samples: readonly MetricSample[];
}

let processMetrics: Registry | undefined;

/**
 * prom-client's process metrics (CPU, resident and heap memory, event-loop lag, GC, handles,
 * file descriptors, Node version), one set per process: their observers live as long as it does.
 */
export function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export interface RenderOptions {
  /** Metrics observed as events happen (the query latency histogram). */
  live?: readonly Metric[];
  /** Appends processRegistry(); off for byte-exact tests. */
  process?: boolean;
}

/**
 * Text exposition by prom-client: each family becomes a fresh counter or gauge holding the values
 * read now, then the live metrics and the process metrics. A name used twice throws.
 */
export async function renderPrometheus(
  families: readonly MetricFamily[],
  options: RenderOptions = {},
): Promise<string> {
  const scrape = new Registry();
  for (const f of families) addFamily(scrape, f);
  for (const m of options.live ?? []) scrape.registerMetric(m);
  const all = Registry.merge([scrape, ...(options.process === false ? [] : [processRegistry()])]);
  // One metric at a time: Registry.metrics() puts a blank line between families.
  const texts = await Promise.all(all.getMetricsAsArray().map((m) => all.getSingleMetricAsString(m.name)));
  return `${texts.join("\n")}\n`;
}

function addFamily(registry: Registry, f: MetricFamily): void {
  const labelNames = [...new Set(f.samples.flatMap((s) => Object.keys(s.labels ?? {})))];
  const config = { name: f.name, help: f.help, labelNames, registers: [registry] };
  if (f.type === "counter") {
    const c = new Counter(config);
    for (const s of f.samples) s.labels ? c.inc(s.labels, s.value) : c.inc(s.value);
  } else {
    const g = new Gauge(config);
    for (const s of f.samples) s.labels ? g.set(s.labels, s.value) : g.set(s.value);
  }
}

export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
/** prom-client writes NaN as "Nan"; Prometheus reads either. */
const SPECIAL: Record<string, number> = {
  NaN: Number.NaN,
  Nan: Number.NaN,
  "+Inf": Number.POSITIVE_INFINITY,
  Inf: Number.POSITIVE_INFINITY,
  "-Inf": Number.NEGATIVE_INFINITY,
};
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;

/**
 * A strict reader of the format (for tests and scrapers of our own output): every line is a
 * comment or `name{labels} value`, and every sampled family has HELP and TYPE. Throws otherwise.
 */
export function parsePrometheus(text: string): { samples: ParsedSample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: ParsedSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === "TYPE") types.set(meta[2] ?? "", meta[3] ?? "");
      else helps.add(meta[2] ?? "");
      continue;
    }
    if (line.startsWith("#")) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? "";
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let l = LABEL.exec(body); l; l = LABEL.exec(body)) {
      labels[l[1] ?? ""] = (l[2] ?? "").replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
      consumed = LABEL.lastIndex;
    }
    if (consumed !== body.length) throw new Error(`bad labels: ${line}`);
    const raw = m[3] ?? "";
    const value = SPECIAL[raw] ?? Number(raw);
    if (!(raw in SPECIAL) && Number.isNaN(value)) throw new Error(`bad value: ${line}`);
    const name = m[1] ?? "";
    const family = [name, name.replace(/_(bucket|sum|count)$/, "")].find((n) => types.has(n));
    if (!family || !helps.has(family)) throw new Error(`no HELP/TYPE for ${name}`);
    samples.push({ name, labels, value });
  }
  return { samples, types };
}
