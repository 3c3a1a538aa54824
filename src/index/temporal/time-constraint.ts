import { addDays, type DayRange, dayOf, isoEnd, isoOf, isoStart } from "./iso-date.js";
import { scanDates } from "./text-dates.js";

/** What a question asks of time, resolved to days against a reference date. */
export interface TimeConstraint {
  /** The day relative phrases ("last year") were resolved against. */
  reference: string;
  /** Inclusive window facts and passages must overlap; both ends open when the question sets none. */
  range: DayRange;
  /** Dates the question names (ISO at the stated precision; "--10-18" when it gives no year). */
  dates: string[];
  /** "recent", "latest", "последние": prefer newer passages. */
  recency: boolean;
  /** Time order asked for: oldest first (asc) or newest first (desc). */
  order?: "asc" | "desc";
  /** The phrases read, for the trace. */
  phrases: string[];
}

export interface TimeConstraintOptions {
  /** The clock; default now. */
  now?: Date;
}

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };
const RU_UNIT: ReadonlyArray<[RegExp, string]> = [
  [/^(дн|день|сут)/, "day"],
  [/^недел/, "week"],
  [/^месяц/, "month"],
  [/^(год|лет)/, "year"],
];
const RECENT =
  /\b(recent(ly)?|latest|newest|most recent|current(ly)?|nowadays|up[- ]to[- ]date)\b|(последн|недавн|свеж|актуальн)/iu;
const EARLIEST = /\b(earliest|oldest|first[- ]ever)\b|(самы[йе] ранн|первы[ей] по времени)/iu;

/**
 * Reads a question's time constraints: a date after "in/during/в" bounds the window to it,
 * "before/until/до" ends it, "after/since/после/с" starts it ("the 2020 election": an event
 * inside that year, so the year itself stays in), "between X and Y" spans both; relative
 * phrases ("last year", "past 3 months", "в прошлом году", "2 years ago") are resolved
 * against the reference date; "recent"/"latest" ask for newer passages. Pure with `now` given.
 */
export function parseTimeConstraint(question: string, options: TimeConstraintOptions = {}): TimeConstraint {
  const now = options.now ?? new Date();
  const ref = dayOf(now);
  const year = now.getUTCFullYear();
  const phrases: string[] = [];
  const bounds: DayRange[] = [];
  const mentions = scanDates(question, { yearless: true });
  const q = question.toLowerCase();

  const [first, last] = [mentions[0], mentions[mentions.length - 1]];
  const lead = first ? q.slice(0, first.index) : "";
  // "between" may sit far before its dates ("between the report on X and the one on Y"); "from" just before.
  const between =
    /\bbetween\b|(?<![\p{L}])между(?![\p{L}])/u.test(lead) || /(\bfrom|(?<![\p{L}])с)\s+$/u.test(lead);
  const spanned = new Set<number>();
  if (between && first && last && first !== last) {
    const gap = question.slice(first.end, last.index);
    if (/\b(and|to|until|through)\b|(?<![\p{L}])(и|по|до)(?![\p{L}])|[–—-]/iu.test(gap)) {
      const from = isoStart(first.iso);
      const to = isoEnd(last.iso);
      bounds.push({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
      phrases.push(`between ${first.iso} and ${last.iso}`);
      spanned.add(first.index).add(last.index);
    }
  }
  for (const m of mentions) {
    if (spanned.has(m.index) || m.iso.startsWith("--")) continue;
    const before = q.slice(Math.max(0, m.index - 24), m.index);
    const event = /\bthe\s+$/.test(before);
    const lead = before.replace(/\bthe\s+$/, "");
    const [start, end] = [isoStart(m.iso), isoEnd(m.iso)];
    if (!start || !end) continue;
    if (/\b(before|prior to|earlier than|until|till|up to)\s+$|(?<![\p{L}])(до|по)\s+$/u.test(lead)) {
      bounds.push({ to: event ? end : addDays(start, -1) });
      phrases.push(`before ${m.iso}`);
    } else if (/\b(after|following|later than)\s+$|(?<![\p{L}])после\s+$/u.test(lead)) {
      bounds.push({ from: event ? start : addDays(end, 1) });
      phrases.push(`after ${m.iso}`);
    } else if (/\bsince\s+$|(?<![\p{L}])с\s+$/u.test(lead)) {
      bounds.push({ from: start });
      phrases.push(`since ${m.iso}`);
    } else if (/\b(in|during|of|throughout)\s+$|(?<![\p{L}])(в|во|за)\s+$/u.test(lead)) {
      bounds.push({ from: start, to: end });
      phrases.push(`in ${m.iso}`);
    }
  }
  for (const r of relative(q, now, year)) {
    bounds.push(r.range);
    phrases.push(r.phrase);
  }
  const recency = RECENT.test(question);
  if (recency) phrases.push("recent");
  const earliest = EARLIEST.test(question);
  if (earliest) phrases.push("earliest");
  return {
    reference: ref,
    range: intersect(bounds),
    dates: [...new Set(mentions.map((m) => m.iso))],
    recency,
    ...(recency ? { order: "desc" as const } : earliest ? { order: "asc" as const } : {}),
    phrases,
  };
}

/** Relative phrases resolved against `now`. */
function relative(q: string, now: Date, year: number): Array<{ range: DayRange; phrase: string }> {
  const out: Array<{ range: DayRange; phrase: string }> = [];
  const ref = dayOf(now);
  const yearRange = (y: number) => ({ from: `${y}-01-01`, to: `${y}-12-31` });
  const monthRange = (offset: number) => {
    const d = new Date(Date.UTC(year, now.getUTCMonth() + offset, 1));
    const iso = isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1);
    return { from: isoStart(iso) ?? ref, to: isoEnd(iso) ?? ref };
  };
  if (/\b(last|previous|past) year\b|в прошлом году/u.test(q))
    out.push({ range: yearRange(year - 1), phrase: `last year = ${year - 1}` });
  if (/\b(this|current) year\b|в этом году|в текущем году/u.test(q))
    out.push({ range: yearRange(year), phrase: `this year = ${year}` });
  if (/\b(last|previous) month\b|в прошлом месяце/u.test(q))
    out.push({ range: monthRange(-1), phrase: "last month" });
  if (/\bthis month\b|в этом месяце/u.test(q)) out.push({ range: monthRange(0), phrase: "this month" });
  if (/\byesterday\b|(?<![\p{L}])вчера/u.test(q)) {
    const d = addDays(ref, -1);
    out.push({ range: { from: d, to: d }, phrase: `yesterday = ${d}` });
  }
  if (/\btoday\b|(?<![\p{L}])сегодня/u.test(q))
    out.push({ range: { from: ref, to: ref }, phrase: `today = ${ref}` });
  const past =
    /\b(?:in the |over the |during the )?(?:past|last) (\d+|few|several) (day|week|month|year)s?\b/u.exec(q);
  const pastRu = /за последние (\d+) (\p{L}+)/u.exec(q);
  const n = past ? Number(past[1]) || 3 : Number(pastRu?.[1]);
  const unit = past?.[2] ?? RU_UNIT.find(([re]) => re.test(pastRu?.[2] ?? ""))?.[1];
  if (n > 0 && unit) {
    const from = addDays(ref, -Math.round(n * (UNIT_DAYS[unit] ?? 1)));
    out.push({ range: { from, to: ref }, phrase: `past ${n} ${unit}s = since ${from}` });
  }
  const ago = /\b(\d+|a|one|two|three) years? ago\b|(\d+) (?:год|года|лет) назад/u.exec(q);
  if (ago) {
    const words: Record<string, number> = { a: 1, one: 1, two: 2, three: 3 };
    const k = Number(ago[1] ?? ago[2]) || words[ago[1] ?? ""] || 1;
    out.push({ range: yearRange(year - k), phrase: `${k} years ago = ${year - k}` });
  }
  return out;
}

/**
 * One window from all bounds: the earliest start and the latest end. Two "after"s in one
 * question usually qualify two different reports ("the report after X and the one after Y"),
 * so the looser bound holds; a start and an end still close the window from both sides.
 */
function intersect(bounds: readonly DayRange[]): DayRange {
  let from: string | undefined;
  let to: string | undefined;
  for (const b of bounds) {
    if (b.from && (!from || b.from < from)) from = b.from;
    if (b.to && (!to || b.to > to)) to = b.to;
  }
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
