/**
 * The short answer as the span reads alone: a bracket the span opens and never closes ("(2,815
 * seated" from "… can seat 10,000 (2,815 seated)") is the sentence's, not the answer's. Pure.
 */
export function shortSpan(raw: string | null): string | null {
  return raw?.startsWith("(") && !raw.includes(")") ? raw.slice(1) : raw;
}
