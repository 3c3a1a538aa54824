/**
 * SQuAD-style answer scoring: lower case, punctuation and the articles a/an/the dropped,
 * whitespace collapsed. Citation markers ("[S1]") are removed first: they are not answer text.
 * Against several gold answers a prediction gets its best score.
 */
export function normalizeAnswer(text: string): string {
  return text
    .replace(/\[S\d+\]/g, " ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, " ")
    .replace(/\b(a|an|the)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const tokens = (text: string): string[] => {
  const n = normalizeAnswer(text);
  return n === "" ? [] : n.split(" ");
};

/** 1 when the normalised prediction equals one normalised gold answer, else 0; null without gold. */
export function exactMatch(prediction: string, golds: readonly string[]): number | null {
  const usable = golds.filter((g) => normalizeAnswer(g) !== "");
  if (usable.length === 0) return null;
  const p = normalizeAnswer(prediction);
  return usable.some((g) => normalizeAnswer(g) === p) ? 1 : 0;
}

/** Token-overlap F1 (bag of tokens), best over the gold answers; null without gold. */
export function tokenF1(prediction: string, golds: readonly string[]): number | null {
  const usable = golds.filter((g) => normalizeAnswer(g) !== "");
  if (usable.length === 0) return null;
  const pred = tokens(prediction);
  return Math.max(...usable.map((g) => f1Of(pred, tokens(g))));
}

function f1Of(pred: readonly string[], gold: readonly string[]): number {
  if (pred.length === 0 || gold.length === 0) return pred.length === gold.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of gold) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of pred) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / pred.length;
  const recall = common / gold.length;
  return (2 * precision * recall) / (precision + recall);
}

/**
 * 1 when some normalised gold answer occurs in the normalised text as whole tokens (an extractive
 * answer is a sentence, so this is the fair "did it say the answer" score; also used for
 * answer-in-context recall over retrieved passages); null without gold.
 */
export function containsGold(text: string, golds: readonly string[]): number | null {
  const usable = golds.map(normalizeAnswer).filter((g) => g !== "");
  if (usable.length === 0) return null;
  const hay = ` ${normalizeAnswer(text)} `;
  return usable.some((g) => hay.includes(` ${g} `)) ? 1 : 0;
}
