import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { contentTerms, splitSentences } from "../text.js";
import { choiceOptions, optionPassage } from "./choice-options.js";

/**
 * A choice by an amount each option's passage states near the words of what is measured: "Which
 * has more inhabitants, A or B?" ("The population was 1,126"), "Which arena seats more people, A
 * or B?" ("a 7,201-seat arena"), "Which lake is larger, A or B?" ("a 135 acre lake"). The larger
 * or smaller amount wins, both said and cited. Pure.
 */
export interface AmountChoice {
  options: [string, string];
  want: "min" | "max";
  /** Stems whose nearness marks the amount measured: the question's own, and their kin. */
  measure: ReadonlySet<string>;
  /** The kin alone ("population", "inhabitants" …), tried first: "stadium" also sits near a season's years. */
  kin: ReadonlySet<string>;
}

const MAX = /\b(?:more|most|larger|largest|bigger|biggest|greater|greatest|higher|highest)\b/i;
const MIN = /\b(?:fewer|fewest|less|least|smaller|smallest|lower|lowest)\b/i;
// Words English uses for one measure: a question's "residents" is a passage's "population".
const KIN = [
  "population populous inhabitants residents people citizens",
  "seats seat seating capacity spectators",
  "area acres acre hectares km² square",
  "employees staff workers",
].map((family) => new Set(family.split(" ").flatMap((w) => contentTerms(w))));
// "Which lake is larger?" names no measure: the size of a place is its people or its area.
const SIZE = new Set([...(KIN[0] ?? []), ...(KIN[2] ?? [])]);
const DROP = new Set(
  contentTerms(
    "which who what more most larger largest bigger biggest greater greatest higher highest",
  ).concat(contentTerms("fewer fewest less least smaller smallest lower lowest")),
);

export function parseAmountChoice(question: string): AmountChoice | null {
  const m = choiceOptions(question);
  if (!m) return null;
  const rest = m.options.reduce((q, o) => q.replace(o, " "), question);
  const want = MAX.test(rest) ? "max" : MIN.test(rest) ? "min" : null;
  if (!want) return null;
  const asked = contentTerms(rest).filter((t) => !DROP.has(t));
  const kin = KIN.filter((family) => asked.some((t) => family.has(t))).flatMap((f) => [...f]);
  const measure = new Set(kin.length > 0 ? [...asked, ...kin] : [...asked, ...SIZE]);
  return { options: m.options, want, measure, kin: new Set(kin.length > 0 ? kin : SIZE) };
}

// A count: digits with thousands separators or a decimal; never a year, a year range's end
// ("1998–99"), a percent or a date's day.
const NUMBER = /(?<![\p{L}\d.,$£€¥]|\d[–-])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d%]|,\d)/gu;
const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const WINDOW = 48;

/** The first amount a text states within a few words of the measure's stems. */
export function amountNear(
  text: string,
  measure: ReadonlySet<string>,
): { text: string; value: number; sentence: string } | null {
  for (const sentence of splitSentences(text)) {
    for (const m of sentence.matchAll(NUMBER)) {
      const n = m[1] ?? "";
      const at = m.index ?? 0;
      const after = sentence.slice(at + m[0].length);
      // "in 1998", "the 2010 census": a year, not an amount.
      if (/^\d{4}$/.test(n) && Number(n) >= 1000 && Number(n) <= 2100) continue;
      const near = `${sentence.slice(Math.max(0, at - WINDOW), at)} ${after.slice(0, WINDOW)}`;
      if (!contentTerms(near.replace(/-/g, " ")).some((t) => measure.has(t))) continue;
      const scale = after.match(/^\s+(thousand|million|billion)\b/i)?.[1]?.toLowerCase();
      const value = Number(n.replace(/,/g, "")) * (scale ? (SCALE[scale] ?? 1) : 1);
      if (Number.isFinite(value)) return { text: scale ? `${n} ${scale}` : n, value, sentence };
    }
  }
  return null;
}

/** The option with the larger or smaller amount; null when either is unread or they are equal. */
export function composeAmountChoice(q: AmountChoice, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((asked) => {
    const own = optionPassage(evidence, asked);
    const amount = own ? (amountNear(own.e.text, q.kin) ?? amountNear(own.e.text, q.measure)) : null;
    return own && amount ? { option: own.name, e: own.e, amount } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.e.sid === b.e.sid || a.amount.value === b.amount.value) return null;
  const aWins = q.want === "max" ? a.amount.value > b.amount.value : a.amount.value < b.amount.value;
  const [win, lose] = aWins ? [a, b] : [b, a];
  return {
    sentences: [
      { text: `${win.option}: ${win.amount.sentence.trim()}`, cites: [win.e.sid] },
      { text: lose.amount.sentence.trim(), cites: [lose.e.sid] },
    ],
    not_found: false,
    short_answer: win.option,
  };
}
