/** Content type of the Prometheus text exposition format 0.0.4. */
export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export type Labels = Readonly<Record<string, string>>;

export interface MetricSample {
  /** Appended to the family name: "_bucket", "_sum", "_count" for histograms. */
  suffix?: string;
  labels?: Labels;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram" | "summary";
  samples: readonly MetricSample[];
}

/** Families → exposition text: `# HELP` and `# TYPE` once per family, then `name{labels} value` lines. */
export function renderPrometheus(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const f of families) {
    lines.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`);
    for (const s of f.samples) lines.push(`${f.name}${s.suffix ?? ""}${labelText(s.labels)} ${num(s.value)}`);
  }
  return `${lines.join("\n")}\n`;
}

function labelText(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return "";
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}`;
}

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const escapeHelp = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

function num(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (v === Number.POSITIVE_INFINITY) return "+Inf";
  if (v === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(v);
}

export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const INFINITIES: Record<string, number> = {
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
    const value = INFINITIES[raw] ?? Number(raw);
    if (raw !== "NaN" && Number.isNaN(value)) throw new Error(`bad value: ${line}`);
    const name = m[1] ?? "";
    const family = [name, name.replace(/_(bucket|sum|count)$/, "")].find((n) => types.has(n));
    if (!family || !helps.has(family)) throw new Error(`no HELP/TYPE for ${name}`);
    samples.push({ name, labels, value });
  }
  return { samples, types };
}
