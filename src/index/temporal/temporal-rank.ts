import { passageDate } from "./freshness.js";
import { addDays, type DayRange, isoEnd, isoStart, overlaps, sameDate } from "./iso-date.js";
import type { TimeConstraint } from "./time-constraint.js";

/** A candidate passage in relevance order, with the dates it carries. */
export interface DatedCandidate {
  id: string;
  /** The retrieval score (higher is better). */
  score: number;
  published_at?: string | undefined;
  dates?: readonly string[] | undefined;
}

export interface TemporalHit {
  id: string;
  score: number;
  /** The date the passage is placed at on the timeline (undefined: undated). */
  date?: string;
  /** It carries a date the question names. */
  named: boolean;
}

export interface TemporalRanking {
  hits: TemporalHit[];
  /** Dated passages that lie wholly outside the window. */
  dropped: number;
}

/** Bonuses on top of relevance (the retrieval score over the best one's: 1 for the best candidate). */
const NAMED = 0.6;
const IN_WINDOW = 0.3;
const UNDATED_IN_WINDOW = -0.2;
const RECENT = 0.4;
/** A passage's day-precision date gets a day of slack: a question's "on October 26" may be a UTC 27th. */
const SLACK_DAYS = 1;

export type TimeOrder = "asc" | "desc";

/**
 * Filters and orders candidates by time: a dated passage wholly outside the window is dropped
 * (unless it carries a date the question names), one inside it or carrying a named date is
 * lifted, "recent" questions lift newer passages (relative to the candidates' own span, so a
 * corpus from years ago still has a newest passage). With `order`, the top k are put in time
 * order (undated last); without, they stay in score order. Pure: `now` is the reference date.
 */
export function rankByTime(
  candidates: readonly DatedCandidate[],
  constraint: TimeConstraint,
  k: number,
  now: Date,
  order?: TimeOrder,
): TemporalRanking {
  const windowed = constraint.range.from !== undefined || constraint.range.to !== undefined;
  const loose = widen(constraint.range);
  let dropped = 0;
  const kept: Array<TemporalHit & { base: number }> = [];
  const relevance = relevanceOf(candidates);
  candidates.forEach((c, i) => {
    const dates = datesOf(c);
    const named = dates.some((d) => constraint.dates.some((n) => sameDate(d, n)));
    const inWindow = dates.some((d) => overlaps(d, d.length >= 10 ? loose : constraint.range));
    if (windowed && dates.length > 0 && !inWindow && !named) {
      dropped++;
      return;
    }
    let base = (relevance[i] ?? 0) + (named ? NAMED : 0);
    if (windowed) base += dates.length > 0 ? IN_WINDOW : UNDATED_IN_WINDOW;
    const date = timelineDate(c, dates, constraint.range, now);
    kept.push({ id: c.id, score: base, base, named, ...(date ? { date } : {}) });
  });
  if (constraint.recency) {
    const days = kept.flatMap((h) => (h.date ? [Date.parse(isoStart(h.date) ?? "")] : []));
    const [lo, hi] = [Math.min(...days), Math.max(...days)];
    for (const h of kept)
      if (h.date && hi > lo)
        h.score = h.base + (RECENT * (Date.parse(isoStart(h.date) ?? "") - lo)) / (hi - lo);
  }
  const hits = kept
    .map(({ base: _, ...h }) => h)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const top = hits.slice(0, k);
  if (order) top.sort(byTime(order));
  return { hits: top, dropped };
}

/** Time order, undated last either way (they cannot be placed on the timeline). */
export function byTime(order: TimeOrder): (a: { date?: string }, b: { date?: string }) => number {
  const sign = order === "asc" ? 1 : -1;
  return (a, b) => (a.date && b.date ? sign * a.date.localeCompare(b.date) : a.date ? -1 : b.date ? 1 : 0);
}

/** Score over the best score; rank-linear when scores are not positive. */
function relevanceOf(candidates: readonly DatedCandidate[]): number[] {
  const best = Math.max(0, ...candidates.map((c) => c.score));
  return candidates.map((c, i) =>
    best > 0 ? Math.max(0, c.score) / best : 1 - i / Math.max(1, candidates.length),
  );
}

function widen(range: DayRange): DayRange {
  return {
    ...(range.from ? { from: addDays(range.from, -SLACK_DAYS) } : {}),
    ...(range.to ? { to: addDays(range.to, SLACK_DAYS) } : {}),
  };
}

/** A fact's validity: a range when both ends are stated, up to its end when only that is, else the stated date itself. */
export function factRange(fact: {
  valid_from?: string | undefined;
  valid_to?: string | undefined;
}): DayRange | undefined {
  const first = fact.valid_from ?? fact.valid_to;
  if (!first) return undefined;
  const from = fact.valid_from ? isoStart(fact.valid_from) : undefined;
  const to = isoEnd(fact.valid_to ?? first);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** Whether a dated fact's validity overlaps the window (undated facts never do). */
export function factOverlaps(
  fact: { valid_from?: string | undefined; valid_to?: string | undefined },
  window: DayRange,
): boolean {
  const r = factRange(fact);
  if (!r) return false;
  return (
    (window.to === undefined || r.from === undefined || r.from <= window.to) &&
    (window.from === undefined || r.to === undefined || r.to >= window.from)
  );
}

function datesOf(c: DatedCandidate): string[] {
  const own = (c.dates ?? []).filter((d) => !d.startsWith("--"));
  return c.published_at ? [c.published_at.slice(0, 10), ...own] : own;
}

/** Publication date, else the first stated date inside the window, else the passage's latest past date. */
function timelineDate(
  c: DatedCandidate,
  dates: readonly string[],
  range: DayRange,
  now: Date,
): string | undefined {
  if (c.published_at) return c.published_at.slice(0, 10);
  return dates.find((d) => overlaps(d, range) && (range.from || range.to)) ?? passageDate(c, now);
}
