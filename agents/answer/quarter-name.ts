/**
 * "Q4" in a question is a period a filing writes out: "the fourth quarter", "the three months ended
 * December 31" (calendar quarters). Pure.
 */
const QUARTERS: readonly { ordinal: string; end: string }[] = [
  { ordinal: "first", end: "march 31" },
  { ordinal: "second", end: "june 30" },
  { ordinal: "third", end: "september 30" },
  { ordinal: "fourth", end: "december 31" },
];

/** Whether a lower-cased text writes out the quarter a name such as "q4" (or "4q") labels. */
export function saysQuarter(lowered: string, name: string): boolean {
  const n = /^(?:q([1-4])|([1-4])q)$/.exec(name.trim())?.slice(1).find(Boolean);
  const q = n ? QUARTERS[Number(n) - 1] : undefined;
  if (!q) return false;
  return (
    new RegExp(`\\b${q.ordinal}[\\s-]+(?:fiscal\\s+)?quarter\\b`).test(lowered) ||
    new RegExp(`\\bthree\\s+months\\s+ended\\s+${q.end.replace(" ", "\\s+")}\\b`).test(lowered)
  );
}
