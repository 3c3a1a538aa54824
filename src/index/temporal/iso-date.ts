/**
 * Dates as ISO 8601 strings at the precision the source gives ("2021", "2021-06", "2021-06-03"),
 * or yearless "--06-03" when a text names a day without its year. Helpers are pure, UTC only.
 */
const DAY_MS = 86_400_000;

const ISO = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/;

/** First day an ISO date (year, month or day precision; timestamps cut to the day) covers. */
export function isoStart(iso: string): string | undefined {
  const m = ISO.exec(iso);
  if (!m?.[1]) return undefined;
  return `${m[1]}-${m[2] ?? "01"}-${m[3] ?? "01"}`;
}

/** Last day an ISO date covers: "2021" → "2021-12-31", "2021-02" → "2021-02-28". */
export function isoEnd(iso: string): string | undefined {
  const m = ISO.exec(iso);
  if (!m?.[1]) return undefined;
  if (m[3]) return `${m[1]}-${m[2]}-${m[3]}`;
  if (m[2]) return dayOf(new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)));
  return `${m[1]}-12-31`;
}

/** "YYYY-MM-DD" of a Date (UTC). */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days from an ISO date's first day to `now` (negative when it lies ahead). */
export function ageDays(iso: string, now: Date): number | undefined {
  const start = isoStart(iso);
  if (!start) return undefined;
  return (now.getTime() - Date.parse(`${start}T00:00:00Z`)) / DAY_MS;
}

/** Pads a year/month/day triple to ISO at the precision given. */
export function isoOf(year: number, month?: number, day?: number): string {
  const y = String(year).padStart(4, "0");
  if (month === undefined) return y;
  const m = String(month).padStart(2, "0");
  return day === undefined ? `${y}-${m}` : `${y}-${m}-${String(day).padStart(2, "0")}`;
}

/** A date range in whole days, inclusive; an open end is undefined. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** Whether an ISO date (any precision) or a yearless "--MM-DD" overlaps the range. */
export function overlaps(iso: string, range: DayRange): boolean {
  if (iso.startsWith("--")) return true;
  const start = isoStart(iso);
  const end = isoEnd(iso);
  if (!start || !end) return false;
  return (range.to === undefined || start <= range.to) && (range.from === undefined || end >= range.from);
}

/** Whether a date a text states is the date a question names (same day, month or year, at the coarser precision). */
export function sameDate(stated: string, named: string): boolean {
  if (named.startsWith("--")) return stated.length >= 10 && stated.slice(4, 10) === named.slice(1);
  if (stated.startsWith("--")) return named.length >= 10 && named.slice(4, 10) === stated.slice(1);
  const n = Math.min(stated.length, named.length, 10);
  return stated.slice(0, n) === named.slice(0, n);
}
