import type { z } from "zod";
import { type RetrievalFilter, RetrievalFilterSchema } from "./retrieval-filter.js";

export type ParsedFilter = { ok: true; filter: RetrievalFilter } | { ok: false; message: string };

/** One line per problem, with the field's path: what a CLI or HTTP 400 shows. */
export function describeFilterIssues(error: z.ZodError): string {
  return error.issues
    .map(
      (i) =>
        `filter${i.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("")}: ${i.message}`,
    )
    .join("; ");
}

export function validateFilter(value: unknown): ParsedFilter {
  const parsed = RetrievalFilterSchema.safeParse(value);
  return parsed.success
    ? { ok: true, filter: parsed.data }
    : { ok: false, message: describeFilterIssues(parsed.error) };
}

/** `a..b`, `a..`, `..b`, or one value meaning from = to (a year, a day, a page). */
function range(value: string, pages: boolean): { from?: string | number; to?: string | number } {
  const sep = value.includes("..") ? ".." : pages && /^\d*-\d*$/.test(value) ? "-" : null;
  const [a, b] = sep ? value.split(sep, 2).map((s) => s.trim()) : [value.trim(), value.trim()];
  const conv = (s: string | undefined) => (!s ? undefined : pages && /^\d+$/.test(s) ? Number(s) : s);
  const out: { from?: string | number; to?: string | number } = {};
  const from = conv(a);
  const to = conv(b);
  if (from !== undefined) out.from = from;
  if (to !== undefined) out.to = to;
  return out;
}

const alternatives = (value: string): string | string[] => {
  const parts = value
    .split("|")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return parts.length === 1 ? (parts[0] ?? "") : parts;
};

/**
 * The compact CLI form: `key=value` pairs separated by `;`, alternatives by `|`, ranges `from..to`
 * (pages also `50-80`; either end may be left open), e.g.
 * `uri=*uber*.pdf;pages=50-80;section=Item 7|Item 8;published=2021..2022;kind=pdf|docx`.
 */
function parseCompact(text: string): ParsedFilter {
  const raw: Record<string, unknown> = {};
  for (const pair of text.split(";")) {
    if (pair.trim() === "") continue;
    const eq = pair.indexOf("=");
    if (eq < 0) return { ok: false, message: `filter: "${pair.trim()}" is not key=value` };
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (key in raw) return { ok: false, message: `filter: ${key} is given twice` };
    if (key === "published" || key === "modified" || key === "pages")
      raw[key] = range(value, key === "pages");
    else raw[key] = alternatives(value);
  }
  return validateFilter(raw);
}

/** `--filter` takes JSON (starting with `{`) or the compact form; empty text restricts nothing. */
export function parseFilterArg(text: string): ParsedFilter {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return parseCompact(trimmed);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return {
      ok: false,
      message: `filter: not valid JSON (${error instanceof Error ? error.message : "parse error"})`,
    };
  }
  return validateFilter(value);
}
