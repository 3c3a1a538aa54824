/**
 * A publication date as ISO 8601: plain `YYYY-MM-DD` stays a date, anything `Date` can
 * read becomes a full timestamp, and unreadable values are dropped (undefined).
 */
export function normalizeDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value).trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) || text === "" ? undefined : parsed.toISOString();
}
