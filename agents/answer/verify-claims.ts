import { foldLatin } from "../../src/domain/text/analyzer.js";
import type { Triplet } from "../../tools/tool-result.js";
import type { AnswerSentence, Contradiction } from "../schemas.js";
import { contentTerms, entities, mentions } from "../text.js";
import { MULTI_VALUED, validityOverlaps } from "./find-contradictions.js";
import { quantities } from "./verify-numbers.js";
import { citedText } from "./verify-read.js";

/**
 * Contradictions between the answer and the graph: a sentence claims subject –predicate→ X while
 * a fact the graph returned says subject –predicate→ Y (Y ≠ X), in an overlapping period. The
 * sentence may be well supported by its own passage; the two sources then disagree, which the
 * answer must say rather than hide.
 */

/** What the sentence puts after the predicate: the first name, else the first quantity, as written. */
function claimedObject(after: string): string | null {
  const lower = after.toLowerCase();
  const name = entities(after)
    .map((n) => ({ n, at: lower.indexOf(n) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  const q = quantities(after)[0];
  if (name && (!q || name.at <= q.at)) return after.slice(name.at, name.at + name.n.length);
  return q ? q.raw : null;
}

/** The sentence's years as a validity interval, or none when it names no year. */
function sentencePeriod(text: string): { valid_from?: string; valid_to?: string } {
  const years = quantities(text)
    .filter((q) => q.year)
    .map((q) => q.raw.replace(/\D/g, ""))
    .sort();
  if (years.length === 0) return {};
  return { valid_from: `${years[0]}-01-01`, valid_to: `${years[years.length - 1]}-12-31` };
}

/** Where the predicate's last word ends in the sentence, after the subject; -1 when it is not there. */
function predicateEnd(lower: string, from: number, predicate: string): number {
  const wanted = new Set(contentTerms(predicate));
  if (wanted.size === 0) return -1;
  let end = -1;
  for (const m of lower.slice(from).matchAll(/[\p{L}\p{N}]+/gu)) {
    const stem = contentTerms(m[0])[0];
    if (stem && wanted.has(stem)) {
      wanted.delete(stem);
      end = from + (m.index ?? 0) + m[0].length;
      if (wanted.size === 0) return end;
    }
  }
  return -1;
}

/**
 * Answer-vs-graph contradictions: for each sentence and each single-valued fact whose subject and
 * predicate it states but whose object it does not, the object the sentence names instead.
 * `sidOf` gives the S# of the fact's passage when it is in the bundle. Pure.
 */
export function claimContradictions(
  sentences: readonly AnswerSentence[],
  facts: readonly Triplet[],
  sidOf: (chunkId: string) => string | undefined,
): Contradiction[] {
  const out = new Map<string, Contradiction>();
  for (const s of sentences) {
    const { text, cites } = citedText(s.text, s.cites);
    // Folded as mentions() matches, one letter for one: indexOf finds what mentions found.
    const lower = foldLatin(text.toLowerCase());
    for (const f of facts) {
      if (MULTI_VALUED.test(f.predicate)) continue;
      const subj = foldLatin(f.subject.toLowerCase());
      if (!mentions(lower, subj) || mentions(lower, f.object.toLowerCase())) continue;
      const end = predicateEnd(lower, lower.indexOf(subj) + subj.length, f.predicate);
      if (end < 0) continue;
      const claim = claimedObject(text.slice(end));
      if (!claim || foldLatin(claim.toLowerCase()) === foldLatin(f.object.toLowerCase())) continue;
      const base = { id: f.relation_id, subject: f.subject, predicate: f.predicate, object: f.object };
      const stated = {
        ...base,
        ...(f.valid_from ? { valid_from: f.valid_from } : {}),
        ...(f.valid_to ? { valid_to: f.valid_to } : {}),
      };
      if (!validityOverlaps(stated, { ...base, ...sentencePeriod(text) })) continue;
      const sid = sidOf(f.chunk_id);
      const key = `${subj}\u0000${f.predicate}\u0000${claim.toLowerCase()}\u0000${f.object.toLowerCase()}`;
      const seen = out.get(key);
      if (seen) {
        seen.relation_ids = [...new Set([...seen.relation_ids, f.relation_id])];
        continue;
      }
      out.set(key, {
        subject: f.subject,
        predicate: f.predicate,
        objects: [claim, f.object],
        relation_ids: [f.relation_id],
        sources: [
          { object: claim, cites },
          { object: f.object, cites: sid ? [sid] : [] },
        ],
        claim: text,
      });
    }
  }
  return [...out.values()];
}

/** The contradictions worth a note under an answer: its own claims', and the facts' about a subject it names. */
export function answerContradictions(
  contradictions: readonly Contradiction[],
  answer: string,
): Contradiction[] {
  const lower = answer.toLowerCase();
  return contradictions.filter((c) => c.claim !== undefined || mentions(lower, c.subject.toLowerCase()));
}

/**
 * The note after an answer whose sources disagree, citing each side:
 * "Note: the sources disagree on Alice ceo of: Acme [S1] vs Globex [S4]." Empty when nothing
 * to show; Russian when the answer is.
 */
export function contradictionNote(contradictions: readonly Contradiction[], language: "en" | "ru"): string {
  const parts = contradictions.map((c) => {
    const sides = (c.sources ?? c.objects.map((object) => ({ object, cites: [] as string[] }))).map(
      (x) => `${x.object}${x.cites.map((sid) => ` [${sid}]`).join("")}`,
    );
    return `${c.subject} ${c.predicate}: ${sides.join(language === "ru" ? " или " : " vs ")}`;
  });
  if (parts.length === 0) return "";
  const lead = language === "ru" ? "Примечание: источники расходятся" : "Note: the sources disagree";
  return `${lead} (${parts.join("; ")}).`;
}
