import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { escapeRegExp } from "../text.js";
import { choiceOptions, optionPassage } from "./choice-options.js";

/** A choice between two named things by an amount: a count of a noun, or a length. */
export interface MeasureChoice {
  options: [string, string];
  want: "min" | "max";
  /** The counted noun as asked ("species", "acts"), or null when a length is compared. */
  counted: string | null;
}

const MORE = /\b(?:more|most|greater number of|larger number of|higher number of)\b/i;
const FEWER = /\b(?:fewer|fewest|less|least|smaller number of|lower number of)\b/i;
// Up to two modifiers, then the plural head noun, the last word of the run: "more news outlets".
const COUNTED =
  /\b(?:more|most|fewer|fewest|less|least|number of)\s+((?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]{3,}s)\b/u;
// A size compared by the adjective alone, right before the options ("Which tower is taller, A or B?");
// "a higher population" or "charted higher" compare something no length states.
const LONG =
  /\b(?:is|was|are|were)\s+(?:the\s+)?(?:higher|highest|taller|tallest|longer|longest|deeper|deepest)\s*$/i;
const SHORT =
  /\b(?:is|was|are|were)\s+(?:the\s+)?(?:lower|lowest|shorter|shortest|shallower|shallowest)\s*$/i;

/**
 * "Which genus has more species, A or B?", "Which peak is higher, A or B?": the options, the
 * direction and what is counted; null when the question is not such a choice.
 */
export function parseMeasure(question: string): MeasureChoice | null {
  const m = choiceOptions(question);
  if (!m) return null;
  const head = question.slice(0, m.index);
  const run = head.match(COUNTED)?.[1];
  const counted = run?.split(/\s+/).findLast((w) => /s$/.test(w) && w.length >= 4) ?? null;
  if (counted) {
    const want = FEWER.test(head) ? "min" : MORE.test(head) ? "max" : null;
    return want ? { options: m.options, want, counted } : null;
  }
  const want = LONG.test(head) ? "max" : SHORT.test(head) ? "min" : null;
  return want ? { options: m.options, want, counted: null } : null;
}

const WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty".split(
    "|",
  );
// Digits with thousands separators or a decimal, or a number word (larger counts are written in digits).
const NUMBER = `(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|${WORDS.join("|")})`;
const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

const numberValue = (n: string, scale = ""): number => {
  const word = WORDS.indexOf(n.toLowerCase());
  return (word >= 0 ? word + 1 : Number(n.replace(/,/g, ""))) * (SCALE[scale.toLowerCase()] ?? 1);
};

// A four-digit number after "in", "since" … is a year ("in 1998 members left"), not a count.
const yearAt = (text: string, index: number, n: string): boolean =>
  /^\d{4}$/.test(n) &&
  Number(n) >= 1000 &&
  Number(n) <= 2100 &&
  /\b(?:in|since|from|by|until|till|during|after|before|of|between)\s+$/i.test(
    text.slice(Math.max(0, index - 10), index),
  );

/**
 * The first count of a noun a text states: "about 70 species", "1.5 million members", "an opera in
 * three acts", "a three-act opera", "one act". The plural as asked, the singular only after "one"
 * or in a hyphenated compound.
 */
export function countOf(text: string, noun: string): { text: string; value: number } | null {
  const plural = escapeRegExp(noun);
  const singular = escapeRegExp(noun.replace(/s$/, ""));
  const scale = `(?:\\s+(${Object.keys(SCALE).join("|")}))?`;
  const re = new RegExp(
    `(?<![\\p{L}\\d.,$£€¥])${NUMBER}${scale}(?:\\s+(?:[\\p{Ll}-]+\\s+)?${plural}|-${singular})(?![\\p{L}])|(?<![\\p{L}])(one)\\s+(?:[\\p{Ll}-]+\\s+)?${singular}(?![\\p{L}])`,
    "giu",
  );
  for (const m of text.matchAll(re)) {
    const n = m[1] ?? m[3];
    if (!n || (m[1] && !m[2] && yearAt(text, m.index ?? 0, n))) continue;
    const value = numberValue(n, m[2] ?? "");
    if (Number.isFinite(value)) return { text: m[0], value };
  }
  return null;
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
const UNITS = Object.keys(METRES)
  .sort((a, b) => b.length - a.length)
  .join("|");
// A length is the thing's size only next to a word of size; "40 km north of" is a distance.
const DIMENSION =
  /\b(?:tall|high|height|elevation|altitude|long|length|deep|depth|rises|summit|span|stands)\b/i;

/**
 * The thing's length in metres from the first length next to a word of size ("rises to 7,885 m",
 * "a tower 310 m tall"); never money ("£200m"), an area ("120 km²") or a distance ("40 km north").
 */
export function lengthOf(text: string): { text: string; value: number } | null {
  const re = new RegExp(
    `(?<![\\p{L}\\d.,$£€¥])${NUMBER}[\\s\\u00a0-]?(${UNITS})(?![\\p{L}\\d²³])(?!\\s+(?:north|south|east|west|from|away))`,
    "gu",
  );
  for (const m of text.matchAll(re)) {
    if (!m[1] || !m[2] || m.index === undefined) continue;
    const near = text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 20);
    if (!DIMENSION.test(near)) continue;
    const value = numberValue(m[1]) * (METRES[m[2]] ?? Number.NaN);
    if (Number.isFinite(value)) return { text: m[0], value };
  }
  return null;
}

/** The option with the larger or smaller amount, both amounts said and cited; null when one is unread. */
export function composeMeasure(choice: MeasureChoice, evidence: readonly Evidence[]): Draft | null {
  const amount = (e: Evidence) => (choice.counted ? countOf(e.text, choice.counted) : lengthOf(e.text));
  const read = choice.options.map((asked) => {
    const own = optionPassage(evidence, asked);
    const q = own ? amount(own.e) : null;
    return own && q ? { option: own.name, e: own.e, q } : null;
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
