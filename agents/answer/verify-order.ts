import { foldLatin } from "../../src/domain/text/analyzer.js";
import type { Triplet } from "../../tools/tool-result.js";
import { contentTerms, entities, mentions } from "../text.js";

/**
 * Verifier check, who did what to whom: "A acquired B" is not supported by "B acquired A", though
 * every word matches. Two checks: against a known triplet (subject, predicate, object) the graph
 * returned, and a generic one against the evidence line: a tight "x v y" in the sentence that
 * the line states as "y v x". A passive voice ("was acquired by") on one side only reverses the
 * expected order.
 */

interface Word {
  raw: string;
  /** Content stem, or "" for a function word. */
  stem: string;
}

const BE = /^(?:is|are|was|were|be|been|being|get|gets|got|gotten)$/;
/** Tight window, in content words, between x, the verb and y. */
const WINDOW = 2;

function wordsOf(text: string): Word[] {
  return [...text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    raw: m[0],
    stem: contentTerms(m[0])[0] ?? "",
  }));
}

/**
 * Whether the verb at index i is passive: "by" right after it (not "by 57%") and a form of "be"
 * before it or a participle ending ("owned by", "acquired by").
 */
function passiveAt(words: readonly Word[], i: number): boolean {
  if (words[i + 1]?.raw !== "by" || /^\d/.test(words[i + 2]?.raw ?? "")) return false;
  const be = words.slice(Math.max(0, i - 3), i).some((w) => BE.test(w.raw));
  return be || /(?:ed|en|wn)$/.test(words[i]?.raw ?? "");
}

interface Placed {
  stem: string;
  /** Index among content words. */
  k: number;
  /** Index among all words. */
  i: number;
}

function contentSeq(words: readonly Word[]): Placed[] {
  const out: Placed[] = [];
  words.forEach((w, i) => {
    if (w.stem && !/^\d+$/.test(w.stem)) out.push({ stem: w.stem, k: out.length, i });
  });
  return out;
}

/**
 * Why the sentence reverses its evidence line, or null: some "x v y" of the sentence (within two
 * content words each side, each word once on both sides) appears in the line as "y v x" in the
 * same voice, or as "x v y" in the other voice.
 */
export function orderSwap(sentence: string, line: string): string | null {
  const sWords = wordsOf(sentence);
  const lWords = wordsOf(line);
  const named = nameSwap(sentence, line, sWords, lWords);
  if (named) return named;
  const s = contentSeq(sWords);
  const l = contentSeq(lWords);
  const once = (seq: readonly Placed[], stem: string) => seq.filter((p) => p.stem === stem).length === 1;
  const at = (stem: string) => l.find((p) => p.stem === stem);
  for (let v = 1; v < s.length - 1; v++) {
    const verb = s[v] as Placed;
    if (!once(s, verb.stem) || !once(l, verb.stem)) continue;
    const lv = at(verb.stem) as Placed;
    for (let x = Math.max(0, v - WINDOW); x < v; x++)
      for (let y = v + 1; y <= Math.min(s.length - 1, v + WINDOW); y++) {
        const sx = s[x] as Placed;
        const sy = s[y] as Placed;
        if (sx.stem === sy.stem || !once(s, sx.stem) || !once(s, sy.stem)) continue;
        if (!once(l, sx.stem) || !once(l, sy.stem)) continue;
        const lx = at(sx.stem) as Placed;
        const ly = at(sy.stem) as Placed;
        const near = (a: Placed, b: Placed) => b.k > a.k && b.k - a.k <= WINDOW;
        const reversed = near(ly, lv) && near(lv, lx);
        const same = near(lx, lv) && near(lv, ly);
        if (!reversed && !same) continue;
        const voiceDiffers = passiveAt(sWords, verb.i) !== passiveAt(lWords, lv.i);
        if (reversed !== voiceDiffers)
          return `"${sx.stem} ${verb.stem} ${sy.stem}" is the other way round in the evidence`;
      }
  }
  return null;
}

/** Word indexes where a name (lower case, one or more words) starts. */
function starts(words: readonly Word[], name: string): number[] {
  const parts = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const hits: number[] = [];
  for (let i = 0; i + parts.length <= words.length; i++)
    if (parts.length > 0 && parts.every((p, j) => words[i + j]?.raw === p)) hits.push(i);
  return hits;
}

/** Content stems strictly between two word indexes, leaving out the words of names ("Anthony"). */
function between(words: readonly Word[], x: number, y: number, nameWords: ReadonlySet<string>): Word[] {
  const [from, to] = x < y ? [x, y] : [y, x];
  return words.slice(from + 1, to).filter((w) => w.stem && !/^\d+$/.test(w.stem) && !nameWords.has(w.raw));
}

const wordsOfNames = (text: string) =>
  new Set(entities(text).flatMap((n) => n.split(/[^\p{L}\p{N}]+/u).filter(Boolean)));
const sameStems = (a: readonly Word[], b: readonly Word[]) =>
  a.length > 0 && a.map((w) => w.stem).join(" ") === b.map((w) => w.stem).join(" ");

/**
 * Two names with the same content words between them on both sides ("JANE specifies a group
 * profile of MGR") in the opposite order and the same voice, or the same order and the other voice.
 */
function nameSwap(
  sentence: string,
  line: string,
  sWords: readonly Word[],
  lWords: readonly Word[],
): string | null {
  const lineLower = line.toLowerCase();
  const names = entities(sentence).filter((n) => !/^\d+$/.test(n) && mentions(lineLower, n));
  const sNameWords = wordsOfNames(sentence);
  const lNameWords = wordsOfNames(line);
  for (let a = 0; a < names.length; a++)
    for (let b = a + 1; b < names.length; b++) {
      const [na, nb] = [names[a] as string, names[b] as string];
      if (na.includes(nb) || nb.includes(na)) continue;
      const sa = starts(sWords, na);
      const sb = starts(sWords, nb);
      if (sa.length !== 1 || sb.length !== 1) continue;
      const [x, y] = [sa[0] as number, sb[0] as number];
      const sBetween = between(sWords, x, y, sNameWords);
      const sv = sWords.indexOf(sBetween[0] as Word);
      // Every place the line joins the two names with the same words, and which way round it does.
      const ways = new Set<boolean>();
      for (const la of starts(lWords, na))
        for (const lb of starts(lWords, nb)) {
          const lBetween = between(lWords, la, lb, lNameWords);
          if (!sameStems(sBetween, lBetween)) continue;
          const lv = lWords.indexOf(lBetween[0] as Word);
          const voiceDiffers = passiveAt(sWords, sv) !== passiveAt(lWords, lv);
          ways.add((x < y !== la < lb) !== voiceDiffers);
        }
      if (ways.has(true) && !ways.has(false)) return `"${na}" and "${nb}" swap places against the evidence`;
    }
  return null;
}

/**
 * Why the sentence swaps a known fact's subject and object, or null: both are named, the
 * predicate's words sit between them, and the order (reversed for a passive) is object first.
 * A fact stated both ways (a symmetric relation) is not checked; a possessive ("B's CEO A") is
 * left alone because it legitimately puts the object first.
 */
export function tripletSwap(sentence: string, facts: readonly Triplet[]): string | null {
  // Folded as mentions() matches, one letter for one: indexOf finds what mentions found.
  const lower = foldLatin(sentence.toLowerCase());
  const words = wordsOf(sentence);
  for (const f of facts) {
    const subj = foldLatin(f.subject.toLowerCase());
    const obj = foldLatin(f.object.toLowerCase());
    if (subj === obj || !mentions(lower, subj) || !mentions(lower, obj)) continue;
    if (
      facts.some(
        (g) => foldLatin(g.subject.toLowerCase()) === obj && foldLatin(g.object.toLowerCase()) === subj,
      )
    )
      continue;
    const si = lower.indexOf(subj);
    const oi = lower.indexOf(obj);
    const [first, last] = si < oi ? [si + subj.length, oi] : [oi + obj.length, si];
    if (/^['’]s\b/.test(lower.slice(first))) continue;
    const between = new Set(contentTerms(sentence.slice(first, last)));
    const predicate = contentTerms(f.predicate);
    if (predicate.length === 0 || !predicate.every((t) => between.has(t))) continue;
    // Word index of the predicate's first word, for the voice.
    const before = wordsOf(sentence.slice(0, first)).length;
    const vi = words.findIndex((w, i) => i >= before && w.stem === predicate[0]);
    const passive = vi >= 0 && passiveAt(words, vi);
    if (si < oi === passive)
      return `"${f.subject} ${f.predicate} ${f.object}" (${f.relation_id}) is stated the other way round`;
  }
  return null;
}
