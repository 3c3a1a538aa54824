import { stem, words } from "../../domain/text/analyzer.js";
import type { CommunitySummarizer, CommunitySummary, SummarySource } from "./community-summarizer.js";

const SENTENCE = /[^.!?\n]+(?:[.!?]+|\n|$)/g;
const MIN_WORDS = 6;
const MAX_WORDS = 60;

/** Stemmed content words (length > 2) of a sentence, once each. */
const terms = (s: string) =>
  new Set(
    words(s)
      .filter((w) => w.length > 2 && !/^\d+$/.test(w))
      .map(stem),
  );

/**
 * Offline summary: the sentences most central to the community. A term weighs by how many
 * member sections use it (what the community shares, not what one passage repeats); a
 * sentence scores its terms' mean weight, boosted by the community's top terms; at most one
 * sentence per section and none that mostly repeats an earlier pick. Pure and deterministic.
 */
export function extractiveSummary(
  sources: readonly SummarySource[],
  topTerms: readonly string[] = [],
  maxSentences = 5,
): CommunitySummary {
  const sectionsOf = new Map<string, Set<string>>();
  const sentences: Array<{ text: string; section_id: string; terms: Set<string>; order: number }> = [];
  for (const src of sources) {
    for (const m of src.text.matchAll(SENTENCE)) {
      const text = m[0].replace(/\s+/g, " ").trim();
      const n = text.split(" ").length;
      if (n < MIN_WORDS || n > MAX_WORDS) continue;
      const t = terms(text);
      for (const term of t) {
        let set = sectionsOf.get(term);
        if (!set) {
          set = new Set();
          sectionsOf.set(term, set);
        }
        set.add(src.section_id);
      }
      sentences.push({ text, section_id: src.section_id, terms: t, order: sentences.length });
    }
  }
  const boost = terms(topTerms.join(" "));
  const score = (s: (typeof sentences)[number]) => {
    let sum = 0;
    for (const t of s.terms) sum += (sectionsOf.get(t)?.size ?? 0) * (boost.has(t) ? 2 : 1);
    return sum / Math.sqrt(s.terms.size + 1);
  };
  const ranked = sentences
    .map((s) => ({ s, score: score(s) }))
    .sort((a, b) => b.score - a.score || a.s.order - b.s.order);
  const picked: typeof sentences = [];
  const usedSections = new Set<string>();
  for (const { s } of ranked) {
    if (picked.length >= maxSentences) break;
    if (usedSections.has(s.section_id)) continue;
    const dup = picked.some((p) => overlap(p.terms, s.terms) > 0.6);
    if (dup) continue;
    picked.push(s);
    usedSections.add(s.section_id);
  }
  const text = picked.map((p) => p.text).join(" ");
  if (!text) {
    const first = sources[0];
    return { text: first ? first.title : "(empty community)", sections: first ? [first.section_id] : [] };
  }
  return { text, sections: picked.map((p) => p.section_id) };
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n / Math.max(1, Math.min(a.size, b.size));
}

export function createExtractiveSummarizer(maxSentences = 5): CommunitySummarizer {
  return {
    id: `extractive:v1:${maxSentences}`,
    source: "extractive",
    summarize: async (input) => extractiveSummary(input.sources, input.top_terms, maxSentences),
  };
}
