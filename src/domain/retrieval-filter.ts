import { z } from "zod";
import { type DocumentKind, DocumentKindSchema } from "./document.js";

/**
 * What a user scopes retrieval by. One object everywhere (CLI `--filter`, HTTP `filter`, library,
 * LangChain retriever, MCP); the stores apply it inside their searches (SQL / Cypher WHERE), so a
 * filtered top-k is the top-k of the allowed chunks, never a cut of an unfiltered one.
 * Fields combine with AND; a list inside one field means any of them.
 */
const ISO_DATE = /^\d{4}(-\d{2}(-\d{2}([T ]\d{2}(:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/;
const IsoDateSchema = z
  .string()
  .regex(ISO_DATE, "expected an ISO date: YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS][Z]");

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);

/** Bounds compare at the bound's own precision: to "2021" includes "2021-12-31T23:59Z". */
export const DateRangeSchema = z
  .strictObject({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .refine((r) => r.from !== undefined || r.to !== undefined, "a date range needs from, to or both")
  .refine((r) => !r.from || !r.to || r.from.slice(0, r.to.length) <= r.to, "date range: from is after to");
export type DateRange = z.infer<typeof DateRangeSchema>;

const PageSchema = z.number().int().positive();
export const PageRangeSchema = z
  .strictObject({ from: PageSchema.optional(), to: PageSchema.optional() })
  .refine((r) => r.from !== undefined || r.to !== undefined, "a page range needs from, to or both")
  .refine(
    (r) => r.from === undefined || r.to === undefined || r.from <= r.to,
    "page range: from is after to",
  );
export type PageRange = z.infer<typeof PageRangeSchema>;

export const RetrievalFilterSchema = z
  .strictObject({
    uri: oneOrMany(z.string().min(1))
      .optional()
      .describe(
        "Document URI, exact or a glob (* any run of characters, ? one character); a list means any of them",
      ),
    kind: oneOrMany(DocumentKindSchema)
      .optional()
      .describe("Document kind(s): markdown, html, pdf, docx, text, jsonl"),
    published: DateRangeSchema.optional().describe(
      "Document published_at within {from, to} (ISO dates, inclusive)",
    ),
    modified: DateRangeSchema.optional().describe(
      "Document last_modified within {from, to} (ISO dates, inclusive)",
    ),
    pages: PageRangeSchema.optional().describe(
      "Pages {from, to} (inclusive) of paged documents: a chunk is inside when its pages overlap the range",
    ),
    section: oneOrMany(z.string().min(1))
      .optional()
      .describe(
        "Heading path prefix, segments joined by '>' (\"Item 7 > Liquidity\"); a list means any of them",
      ),
  })
  .describe("Restricts retrieval to matching documents and chunks; fields combine with AND");
export type RetrievalFilter = z.infer<typeof RetrievalFilterSchema>;

/** The filter with every list spelled out, section paths split into normalised segments. */
export interface NormalizedFilter {
  uris?: string[];
  kinds?: DocumentKind[];
  published?: DateRange;
  modified?: DateRange;
  pages?: PageRange;
  sections?: string[][];
}

const list = <T>(v: T | T[] | undefined): T[] | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? v : [v];

/** Heading segments compare trimmed and lower-cased (the same on SQLite and Cypher). */
export const normalizeHeading = (s: string): string => s.trim().toLowerCase();

export const sectionSegments = (path: string): string[] =>
  path
    .split(">")
    .map((s) => normalizeHeading(s.replace(/\s+/g, " ")))
    .filter((s) => s.length > 0);

/** Undefined when the filter restricts nothing (absent or `{}`). */
export function normalizeFilter(filter: RetrievalFilter | undefined): NormalizedFilter | undefined {
  if (!filter) return undefined;
  const out: NormalizedFilter = {};
  const uris = list(filter.uri);
  if (uris) out.uris = [...new Set(uris)];
  const kinds = list(filter.kind);
  if (kinds) out.kinds = [...new Set(kinds)];
  if (filter.published) out.published = filter.published;
  if (filter.modified) out.modified = filter.modified;
  if (filter.pages) out.pages = filter.pages;
  const sections = list(filter.section)
    ?.map(sectionSegments)
    .filter((s) => s.length > 0);
  if (sections && sections.length > 0) out.sections = sections;
  return Object.keys(out).length > 0 ? out : undefined;
}

export const isGlob = (pattern: string): boolean => /[*?]/.test(pattern);

/**
 * A glob as a regular expression both JavaScript and Java (Cypher `=~`, a whole-string match)
 * read alike: ASCII punctuation is escaped, `*` is any run of characters, `?` one character.
 */
export function globToRegex(pattern: string): string {
  let out = "";
  for (const ch of pattern) {
    if (ch === "*") out += ".*";
    else if (ch === "?") out += ".";
    else if (/[!-/:-@[-`{-~]/.test(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return `^${out}$`;
}

export const uriMatches = (pattern: string, uri: string): boolean =>
  isGlob(pattern) ? new RegExp(globToRegex(pattern), "s").test(uri) : pattern === uri;

/** The value compared at the bound's precision, so a day or a year bound covers all of it. */
export function inDateRange(value: string | undefined, range: DateRange): boolean {
  if (!value) return false;
  if (range.from && value.slice(0, range.from.length) < range.from) return false;
  if (range.to && value.slice(0, range.to.length) > range.to) return false;
  return true;
}

/** Chunks of unpaged documents have no pages, so a page range leaves them out. */
export function pagesOverlap(start: number | undefined, end: number | undefined, range: PageRange): boolean {
  if (start === undefined) return false;
  const last = end ?? start;
  return (range.from === undefined || last >= range.from) && (range.to === undefined || start <= range.to);
}

/**
 * Segments match one by one, each the whole heading or its start up to a non-alphanumeric
 * character: "item 7" matches "ITEM 7. MANAGEMENT'S ..." but not "Item 7A" nor "Item 70".
 */
export function headingPathMatches(headingPath: readonly string[], segments: readonly string[]): boolean {
  if (segments.length > headingPath.length) return false;
  return segments.every((seg, i) => {
    const h = normalizeHeading(headingPath[i] ?? "");
    return h.startsWith(seg) && !/[\p{L}\p{N}]/u.test(h.charAt(seg.length));
  });
}

export type FilterDocument = { uri: string; kind: string; published_at?: string; last_modified?: string };
export type FilterChunk = { heading_path?: readonly string[]; page_start?: number; page_end?: number };

export function documentPasses(filter: NormalizedFilter, doc: FilterDocument): boolean {
  if (filter.uris && !filter.uris.some((p) => uriMatches(p, doc.uri))) return false;
  if (filter.kinds && !filter.kinds.some((k) => k === doc.kind)) return false;
  if (filter.published && !inDateRange(doc.published_at, filter.published)) return false;
  if (filter.modified && !inDateRange(doc.last_modified, filter.modified)) return false;
  return true;
}

/** The single definition of what a filter allows; the stores' SQL and Cypher implement the same. */
export function chunkPasses(
  filter: NormalizedFilter | undefined,
  chunk: FilterChunk,
  doc: FilterDocument,
): boolean {
  if (!filter) return true;
  if (!documentPasses(filter, doc)) return false;
  if (filter.pages && !pagesOverlap(chunk.page_start, chunk.page_end, filter.pages)) return false;
  const path = chunk.heading_path ?? [];
  if (filter.sections && !filter.sections.some((s) => headingPathMatches(path, s))) return false;
  return true;
}

/** A stable text for cache keys: the same filter written differently gives the same key. */
export function filterKey(filter: RetrievalFilter | undefined): string {
  const n = normalizeFilter(filter);
  if (!n) return "";
  const range = (r: DateRange | PageRange | undefined) => r && [r.from ?? null, r.to ?? null];
  return JSON.stringify([
    n.uris && [...n.uris].sort(),
    n.kinds && [...n.kinds].sort(),
    range(n.published),
    range(n.modified),
    range(n.pages),
    n.sections?.map((s) => s.join(" > ")).sort(),
  ]);
}
