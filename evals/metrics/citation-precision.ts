/** One answer sentence with the evidence ids it cites. */
export interface CitedSentence {
  text: string;
  cites: readonly string[];
}

/**
 * Citation precision: of all (sentence, cited evidence) pairs, the share where the cited evidence
 * supports the sentence. `supports` decides that — the verifier's support score above its
 * threshold, or, when the dataset has gold, "the cited passage is one of the gold supporting
 * passages". Null when nothing is cited (no score rather than a perfect one).
 */
export function citationPrecision(
  sentences: readonly CitedSentence[],
  supports: (sentence: string, sid: string) => boolean,
): number | null {
  let pairs = 0;
  let good = 0;
  for (const s of sentences)
    for (const sid of new Set(s.cites)) {
      pairs++;
      if (supports(s.text, sid)) good++;
    }
  return pairs === 0 ? null : good / pairs;
}

/** One answer's cited sentences and how to tell whether a citation supports a sentence. */
export interface CitedAnswer {
  sentences: readonly CitedSentence[];
  supports: (sentence: string, sid: string) => boolean;
}

/** Pools per-answer pair counts into one precision (micro average over all cited pairs). */
export function pooledCitationPrecision(answers: readonly CitedAnswer[]): {
  precision: number | null;
  pairs: number;
} {
  let pairs = 0;
  let good = 0;
  for (const a of answers) {
    const n = a.sentences.reduce((acc, s) => acc + new Set(s.cites).size, 0);
    const p = citationPrecision(a.sentences, a.supports);
    if (p === null) continue;
    pairs += n;
    good += p * n;
  }
  return { precision: pairs === 0 ? null : good / pairs, pairs };
}
