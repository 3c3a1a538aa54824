/** Approximate token count (≈4 characters per token for English-like text); cheap and model-free. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });

/** Sentences with their start offsets, via the ICU sentence segmenter (no language model needed). */
export function splitSentences(text: string): Array<{ text: string; start: number }> {
  return [...sentenceSegmenter.segment(text)].map((s) => ({ text: s.segment, start: s.index }));
}
