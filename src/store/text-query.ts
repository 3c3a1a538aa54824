/**
 * Turns free text into search terms. Query text is data, never syntax: each term is
 * reduced to letters and digits, so FTS or Lucene operators in a question cannot change
 * the query (nor fail it).
 */
export function queryTerms(text: string, maxTerms = 64): string[] {
  const terms = text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
  return [...new Set(terms)].slice(0, maxTerms);
}

/** An FTS5 MATCH expression: every term double-quoted, OR-combined (BM25 ranks by overlap). */
export function toFtsMatch(text: string): string | null {
  const terms = queryTerms(text);
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t}"`).join(" OR ");
}
