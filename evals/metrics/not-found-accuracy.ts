/** One answered question: was it a null query (nothing to find), and did the answerer say "not found"? */
export interface NotFoundOutcome {
  isNull: boolean;
  notFound: boolean;
}

/**
 * "Not found" accuracy: the share of null queries answered not_found (null when there are none),
 * and the opposite error, the share of answerable questions wrongly answered not_found (null
 * when there are none).
 */
export function notFoundAccuracy(outcomes: readonly NotFoundOutcome[]): {
  accuracy: number | null;
  nulls: number;
  false_not_found: number | null;
  answerable: number;
} {
  const nulls = outcomes.filter((o) => o.isNull);
  const answerable = outcomes.filter((o) => !o.isNull);
  const share = (xs: readonly NotFoundOutcome[]) =>
    xs.length === 0 ? null : xs.filter((o) => o.notFound).length / xs.length;
  return {
    accuracy: share(nulls),
    nulls: nulls.length,
    false_not_found: share(answerable),
    answerable: answerable.length,
  };
}

const INSUFFICIENT = /^\s*insufficient information\.?\s*$/i;

/**
 * A question with nothing to find: MultiHop-RAG's null_query type, or gold answers that only say
 * "Insufficient information." (how MultiHop-RAG words them).
 */
export function isNullQuery(q: { type?: string | undefined; answers: readonly string[] }): boolean {
  if (q.type === "null_query") return true;
  return q.answers.length > 0 && q.answers.every((a) => INSUFFICIENT.test(a));
}
