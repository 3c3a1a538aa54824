import { IMPLIED_SCALES, type Quantity } from "./verify-numbers.js";

/**
 * Verifier check, comparisons: a comparison answer states two values and the change between them,
 * which no passage states; and its verb ("rose", "fell") must match the values' direction.
 */

/** Whether `said` rounds to `value` at the precision it is stated with. */
function roundsTo(said: Quantity, value: number): boolean {
  const factor = 10 ** said.decimals;
  return Math.abs(Math.round(value * factor) - Math.round(said.value * factor)) < 1e-6;
}

/**
 * Whether a quantity is computed from two others the same sentence states (and the evidence
 * supports): their difference ("an increase of $4,455 million"), percent change ("up 57%") or
 * ratio ("3.9x"). A comparison answer states both values and the change; the change itself is
 * in no passage.
 */
export function derivedFrom(said: Quantity, stated: readonly Quantity[]): boolean {
  if (said.version || said.year || said.day) return false;
  const signed = (q: Quantity) => (q.negative ? -q.value : q.value);
  for (const a of stated)
    for (const b of stated) {
      if (a === b || a.version || b.version || a.year || b.year) continue;
      // Both in the same unit: the scale each states, else the one the derived value states.
      const scales = a.scale === 1 && b.scale === 1 ? IMPLIED_SCALES : [1];
      for (const s of scales) {
        const x = signed(a) * (a.scale === 1 ? s : a.scale);
        const y = signed(b) * (b.scale === 1 ? s : b.scale);
        if (said.percent) {
          if (x !== 0 && roundsTo(said, (Math.abs(y - x) / Math.abs(x)) * 100)) return true;
          continue;
        }
        if (roundsTo(said, Math.abs(y - x) / said.scale)) return true;
        if (x !== 0 && said.scale === 1 && roundsTo(said, Math.abs(y / x))) return true;
      }
    }
  return false;
}

const RISE = /\b(?:rose|rises|risen|increas\w*|grew|grow[sn]?|climb\w*|went up|gain\w*)\b|вырос|увеличил/iu;
const FALL =
  /\b(?:fell|falls|fallen|decreas\w*|declin\w*|dropped|drops|shr[ai]nk\w*|went down)\b|снизил|уменьшил|сократил/iu;

/**
 * Why "rose from A to B" (or "fell from A to B") has the wrong direction for its two values, or
 * null: every number can be right and the verb still wrong.
 */
export function directionConflict(text: string, said: readonly Quantity[]): string | null {
  const rise = RISE.test(text);
  if (rise === FALL.test(text)) return null;
  const from = /\b(?:from|с)\s/iu.exec(text);
  const to = from ? /\s(?:to|до)\s/iu.exec(text.slice(from.index)) : null;
  if (!from || !to) return null;
  const amounts = said.filter((q) => !q.year && !q.day && !q.version);
  const a = amounts.find((q) => q.at > from.index);
  const b = amounts.find((q) => q.at > from.index + to.index);
  if (!a || !b || a === b) return null;
  const value = (q: Quantity) => (q.negative ? -q.value : q.value) * q.scale;
  if (rise && value(b) < value(a)) return `says it rose from ${a.raw} to ${b.raw}, a fall`;
  if (!rise && value(b) > value(a)) return `says it fell from ${a.raw} to ${b.raw}, a rise`;
  return null;
}
