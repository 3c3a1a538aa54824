import type { Triplet } from "../../tools/tool-result.js";
import { contentTerms, mentions } from "../text.js";
import { derivedFrom, directionConflict } from "./verify-change.js";
import { negationClash, statesPlainly } from "./verify-negation.js";
import { type Quantity, quantityStated } from "./verify-numbers.js";
import { orderSwap, tripletSwap } from "./verify-order.js";
import { type ReadEvidence, type ReadSentence, readSentence } from "./verify-read.js";
import { recordMismatch } from "./verify-record.js";
import { cellMismatch } from "./verify-table.js";

/**
 * The offline verifier's core: one answer sentence against the passages it cites → a verdict
 * and the reasons it failed. Pure and deterministic; the LLM verifier runs it as its first pass.
 */

export interface SentenceVerdict {
  ok: boolean;
  /** 0–1; at least SUPPORT_THRESHOLD exactly when ok. */
  support: number;
  /** Why it failed (empty when ok). */
  reasons: string[];
  /** Shares of the sentence's content words, quantities and names the cited passages state. */
  lexical: number;
  numeric: number;
  entity: number;
}

/** A sentence is supported from this score up: every check passed. */
export const SUPPORT_THRESHOLD = 0.6;
/** Share of the sentence's content words the cited passages must hold. */
export const LEXICAL_MIN = 0.5;

/**
 * Checks one sentence against the passages it cites: it cites something and every S# exists;
 * its quantities, years and months are stated (a table value in its row and column); its names
 * are mentioned; enough of its words are there; negation and word order agree with the lines it
 * rests on; it does not swap a known fact's subject and object.
 */
export function checkSentence(
  sentence: { text: string; cites: readonly string[] },
  read: (sid: string) => ReadEvidence | undefined,
  facts: readonly Triplet[] = [],
): SentenceVerdict {
  const s = readSentence(sentence);
  return checkRead(s, s.cites, read, facts);
}

/** checkSentence on a sentence already read, against the given S# (its own, or a revision's). */
export function checkRead(
  s: ReadSentence,
  cites: readonly string[],
  read: (sid: string) => ReadEvidence | undefined,
  facts: readonly Triplet[] = [],
): SentenceVerdict {
  const reasons: string[] = [];
  if (cites.length === 0) reasons.push("no citation");
  const passages: ReadEvidence[] = [];
  for (const sid of cites) {
    const p = read(sid);
    // An empty passage states nothing, so it supports nothing.
    if (p && (p.latin || p.cyrillic)) passages.push(p);
    else reasons.push(p ? `cites ${sid}, which is empty` : `cites ${sid}, which is not in the evidence`);
  }
  const inPassages = (t: string) => passages.some((p) => p.terms.has(t));
  // Words in a script no cited passage uses (a Russian answer on English text) cannot be looked up:
  // such a sentence is checked by its numbers and names, and must have some.
  const cyr = (t: string) => /\p{Script=Cyrillic}/u.test(t);
  const checkable = s.terms.filter((t) => passages.some((p) => (cyr(t) ? p.cyrillic : p.latin)));
  const lexical = checkable.length ? checkable.filter(inPassages).length / checkable.length : 1;
  if (lexical < LEXICAL_MIN)
    reasons.push(`only ${Math.round(lexical * 100)}% of its words are in the evidence`);
  if (passages.length > 0 && checkable.length === 0 && s.said.length + s.names.length === 0)
    reasons.push("nothing in it can be checked against the evidence's language");

  const supported: Quantity[] = [];
  const unstated: Array<{ q: Quantity; why: string }> = [];
  for (const q of s.said) {
    if (passages.some((p) => quantityStated(q, p.free))) {
      supported.push(q);
      continue;
    }
    // Years and days are dates: anywhere in the table counts; an amount needs its row and column.
    const cells = passages.flatMap((p) => p.cells.filter((c) => quantityStated(q, [c.q])));
    const why = cells.map((c) => (q.year || q.day ? null : cellMismatch(c, q, s)));
    if (why.some((w) => w === null)) supported.push(q);
    else unstated.push({ q, why: why.find((w) => w) ?? `${q.raw} is not in the cited evidence` });
  }
  let stated = supported.length;
  for (const u of unstated)
    if (derivedFrom(u.q, supported)) stated++;
    else reasons.push(u.why);
  const record = recordMismatch(
    s.text,
    passages.map((p) => p.records),
  );
  if (record) reasons.push(record);
  const direction = directionConflict(s.text, s.said);
  if (direction) reasons.push(direction);
  for (const m of s.months)
    if (!passages.some((p) => p.months.has(m))) reasons.push(`month ${m} is not in the cited evidence`);

  // A name in a script the cited passages do not use ("Убер" for "Uber") cannot be looked up.
  // A name run that ends in a number ("Elodea 6 species") is its words; the number is checked as a quantity.
  const said = (n: string, p: ReadEvidence) =>
    mentions(p.lower, n) || mentions(p.unnoted, n) || allWords(n, p);
  const words = (n: string) => n.replace(/(?:\s+\d[\d,.]*)+$/, "");
  const missing = s.names.filter(
    (n) =>
      passages.some((p) => (cyr(n) ? p.cyrillic : p.latin)) &&
      !passages.some((p) => said(n, p) || (words(n) !== n && said(words(n), p))),
  );
  for (const n of missing) reasons.push(`names "${n}", which the cited evidence never mentions`);

  // Negation and order only where the words already match: a failed sentence needs no more reasons.
  if (reasons.length === 0) {
    const lines = bestLines(s, passages);
    const titles = passages.flatMap((p) => p.titles);
    for (const line of lines) {
      const clash = negationClash(s.text, line, titles);
      // Lines that match equally well may read both ways ("Non-marketable securities" and
      // "Marketable securities" rows): the sentence rests on the one that states its words plainly.
      const other =
        clash &&
        lines.some((l) => l !== line && !negationClash(s.text, l, titles) && statesPlainly(clash.terms, l));
      const conflict = (other ? null : clash?.reason) ?? orderSwap(s.text, line);
      if (conflict) {
        reasons.push(conflict);
        break;
      }
    }
  }
  const swap = tripletSwap(s.text, facts);
  if (swap) reasons.push(swap);

  const numeric = s.said.length ? stated / s.said.length : 1;
  const entity = s.names.length ? (s.names.length - missing.length) / s.names.length : 1;
  const ok = reasons.length === 0;
  const blend = Math.min(lexical, 0.5 * lexical + 0.25 * numeric + 0.25 * entity);
  // A pass lands in [threshold, 1], a failure below it: the figure and the verdict never disagree.
  const support = ok ? SUPPORT_THRESHOLD + (1 - SUPPORT_THRESHOLD) * blend : SUPPORT_THRESHOLD * 0.99 * blend;
  return { ok, support: Math.round(support * 1000) / 1000, reasons, lexical, numeric, entity };
}

/** A name written differently ("hello_blockchain" vs "hello blockchain"): all its words are there. */
function allWords(name: string, p: ReadEvidence): boolean {
  const words = contentTerms(name);
  return words.length > 1 && words.every((w) => p.terms.has(w));
}

/** The lines sharing most words with the sentence (ties all count): what negation and order compare with. */
function bestLines(s: ReadSentence, passages: readonly ReadEvidence[]): string[] {
  let best: string[] = [];
  let bestHits = 0;
  for (const p of passages) {
    const all = p.unitTerms();
    p.units.forEach((unit, i) => {
      const unitTerms = all[i] ?? new Set<string>();
      const hits = s.lineTerms.filter((t) => unitTerms.has(t)).length;
      if (hits > bestHits) [best, bestHits] = [[unit], hits];
      else if (hits === bestHits && hits > 0) best.push(unit);
    });
  }
  return best;
}
