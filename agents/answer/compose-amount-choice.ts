import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { contentTerms, splitSentences } from "../text.js";
import { choiceOptions, optionPassage } from "./choice-options.js";
import { MONTH } from "./compose-choice.js";

/**
 * A choice by an amount each option's passage states near the words of what is measured: "Which
 * has more inhabitants, A or B?" ("The population was 3,456"), "Which arena seats more people, A
 * or B?" ("a 2,345-seat arena"), "Which lake is larger, A or B?" ("a 250 acre lake"). The larger
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

// A count: digits with thousands separators or a decimal, standing alone; never a year range's end
// ("1998–99"), a percent, an ordinal ("3rd") or a number glued to letters ("5GB").
const NUMBER =
  /(?<![\p{L}\d.,$£€¥]|\d[–-])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d%\p{L}]|[.,]\d)/gu;
const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const WINDOW = 48;
// A date's day ("12 March", "March 12"), a version or a numbered part: labels, not amounts.
const DAY_AFTER = new RegExp(`^\\s+(?:${MONTH})\\.?\\b`, "i");
const DAY_BEFORE = new RegExp(`\\b(?:${MONTH})\\.?\\s+$`, "i");
const LABEL_BEFORE =
  /\b(?:version|v|release|chapter|section|page|p|step|level|no|number|grade|rank|ranked)\.?\s*$/i;
// Units an amount may be written in: two amounts in different ones are not compared.
const UNIT =
  /^\s*(acres?|hectares?|square|sq|km²?|kilomet(?:re|er)s?|miles?|mi|feet|ft|met(?:re|er)s?|m|kb|mb|gb|tb|kg|tonnes?|tons?|pounds?|lbs?)\b/i;

/** The first amount a text states within a few words of the measure's stems, with its unit if written. */
export function amountNear(
  text: string,
  measure: ReadonlySet<string>,
): { text: string; value: number; sentence: string; unit: string | null } | null {
  for (const sentence of splitSentences(text)) {
    for (const m of sentence.matchAll(NUMBER)) {
      const n = m[1] ?? "";
      const at = m.index ?? 0;
      const before = sentence.slice(Math.max(0, at - WINDOW), at);
      const after = sentence.slice(at + m[0].length);
      if (DAY_AFTER.test(after) || DAY_BEFORE.test(before) || LABEL_BEFORE.test(before)) continue;
      const measured = (words: string) => contentTerms(words.replace(/-/g, " ")).some((t) => measure.has(t));
      // "in 1998", "the 2010 census": a year, unless a word of the measure is next to it ("seats 2000").
      const year = /^\d{4}$/.test(n) && Number(n) >= 1000 && Number(n) <= 2100;
      const next = `${before.match(/[\p{L}]+[\s-]*$/u)?.[0] ?? ""} ${after.match(/^[\s-]*[\p{L}]+/u)?.[0] ?? ""}`;
      if (year && !measured(next)) continue;
      if (!measured(`${before} ${after.slice(0, WINDOW)}`)) continue;
      const scale = after.match(/^\s+(thousand|million|billion)\b/i)?.[1]?.toLowerCase();
      const value = Number(n.replace(/,/g, "")) * (scale ? (SCALE[scale] ?? 1) : 1);
      const unit = after.match(UNIT)?.[1]?.toLowerCase().replace(/s$/, "") ?? null;
      if (Number.isFinite(value)) return { text: scale ? `${n} ${scale}` : n, value, sentence, unit };
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
  // "12 square kilometres" against "900 acres": no comparison without a conversion.
  if (a.amount.unit !== b.amount.unit && (a.amount.unit || b.amount.unit)) return null;
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
