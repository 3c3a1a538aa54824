import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { escapeRegExp } from "../text.js";
import { choiceOptions, titled } from "./compose-choice.js";
import { leadPassages } from "./lead-passages.js";

/**
 * The composer for a choice between two named things by an amount each one's own passage
 * states: a count ("Which genus has more species, A or B?" reads "about 70 species") or a
 * length ("Which peak is higher, A or B?" reads "7,885 m"). It answers only when both passages
 * state the amount, and says both. Pure.
 */
export interface MeasureChoice {
  options: [string, string];
  want: "min" | "max";
  /** The counted noun as asked ("species", "acts"), or null when a length is compared. */
  counted: string | null;
}

const MORE = /\b(?:more|most|greater number of|larger number of|higher number of)\b/i;
const FEWER = /\b(?:fewer|fewest|less|least|smaller number of|lower number of)\b/i;
// Up to two modifiers, then a plural head noun: "more constant members", "fewer store locations".
const COUNTED =
  /\b(?:more|most|fewer|fewest|less|least|number of)\s+(?:[\p{Ll}-]+\s+){0,2}?([\p{Ll}-]{3,}s)\b/u;
const LONG = /\b(?:higher|highest|taller|tallest|longer|longest|deeper|deepest)\b/i;
const SHORT = /\b(?:lower|lowest|shorter|shortest|shallower|shallowest)\b/i;

/** The options, the direction and what is counted, or null when the question is not such a choice. */
export function parseMeasure(question: string): MeasureChoice | null {
  const m = choiceOptions(question);
  if (!m) return null;
  const head = question.slice(0, m.index);
  const counted = head.match(COUNTED)?.[1] ?? null;
  if (counted) {
    const want = FEWER.test(head) ? "min" : MORE.test(head) ? "max" : null;
    return want ? { options: m.options, want, counted } : null;
  }
  // "lived longer" and "lasted longer" compare times, which no length states.
  if (/\b(?:lived|lasted|served|reigned|ran)\b/i.test(head)) return null;
  const want = LONG.test(head) ? "max" : SHORT.test(head) ? "min" : null;
  return want ? { options: m.options, want, counted: null } : null;
}

const WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];
const NUMBER = `(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|${WORDS.join("|")})`;

const numberValue = (n: string): number => {
  const word = WORDS.indexOf(n.toLowerCase());
  return word >= 0 ? word : Number(n.replace(/,/g, ""));
};

/** The first count of a noun a text states ("about 70 species", "an opera in three acts", "a three-act opera"). */
export function countOf(text: string, noun: string): { text: string; value: number } | null {
  // The singular too ("one act"): "species" and "series" are their own singular.
  const stem = /(?:ies|ss|us)$/.test(noun) ? noun : noun.replace(/e?s$/, "");
  const re = new RegExp(
    `(?<![\\p{L}\\d.,])${NUMBER}(?:[- ](?:[\\p{Ll}-]+ )?)(${escapeRegExp(stem)}(?:e?s)?)(?![\\p{L}])`,
    "iu",
  );
  const m = text.match(re);
  if (!m?.[1]) return null;
  const value = numberValue(m[1]);
  return Number.isFinite(value) ? { text: m[0], value } : null;
}

const METRES: Record<string, number> = {
  m: 1,
  metre: 1,
  meter: 1,
  metres: 1,
  meters: 1,
  km: 1000,
  kilometre: 1000,
  kilometer: 1000,
  kilometres: 1000,
  kilometers: 1000,
  ft: 0.3048,
  foot: 0.3048,
  feet: 0.3048,
  mi: 1609.344,
  mile: 1609.344,
  miles: 1609.344,
};

/** The first length a text states, in metres ("7,885 m (25,869 ft)" → 7885). */
export function lengthOf(text: string): { text: string; value: number } | null {
  const units = Object.keys(METRES)
    .sort((a, b) => b.length - a.length)
    .join("|");
  const m = text.match(new RegExp(`(?<![\\p{L}\\d.,])${NUMBER}[\\s\\u00a0-]?(${units})(?![\\p{L}])`, "u"));
  if (!m?.[1] || !m[2]) return null;
  const value = numberValue(m[1]) * (METRES[m[2]] ?? Number.NaN);
  return Number.isFinite(value) ? { text: m[0], value } : null;
}

/** The option with the larger or smaller amount, both amounts said and cited; null when one is unread. */
export function composeMeasure(choice: MeasureChoice, evidence: readonly Evidence[]): Draft | null {
  const amount = (e: Evidence) => (choice.counted ? countOf(e.text, choice.counted) : lengthOf(e.text));
  const read = choice.options.map((option) => {
    // The option's own passage, else one its name leads; never a passage about something else.
    const e = [titled(evidence, option), ...leadPassages(evidence, option)].find((x) => x && amount(x));
    const q = e ? amount(e) : null;
    return e && q ? { option, e, q } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.e.sid === b.e.sid || a.q.value === b.q.value) return null;
  const aWins = choice.want === "max" ? a.q.value > b.q.value : a.q.value < b.q.value;
  const [win, lose] = aWins ? [a, b] : [b, a];
  const verb = choice.counted ? "has" : "measures";
  return {
    sentences: [
      {
        text: `${win.option}: ${win.option} ${verb} ${win.q.text}; ${lose.option} ${verb} ${lose.q.text}.`,
        cites: [win.e.sid, lose.e.sid],
      },
    ],
    not_found: false,
    short_answer: win.option,
  };
}
