import { LEGAL_FORMS } from "./name-affixes.js";

/**
 * "Elm Data Services (EDS)", "information technology (IT)": an acronym in brackets right after
 * the words it abbreviates is another name for them, not a new thing. Returns those words, or
 * null when the span is no such acronym. Pure.
 */
export function abbreviates(span: string, context: string, at: number): string | null {
  if (!/^\p{Lu}{2,6}$/u.test(span) || at < 1 || context[at - 1] !== "(") return null;
  const before = context
    .slice(0, at - 1)
    .trimEnd()
    .split(/\s+/);
  let end = before.length;
  // "Elm Data Services Limited (EDS)": a legal form is not abbreviated.
  while (end > 0 && LEGAL_FORM.test(before[end - 1] ?? "")) end -= 1;
  const initials: string[] = [];
  let start = end;
  while (start > 0 && initials.length < span.length) {
    start -= 1;
    const w = before[start] ?? "";
    if (!GLUE.test(w)) initials.unshift(w.charAt(0).toUpperCase());
  }
  return initials.join("") === span ? before.slice(start, end).join(" ") : null;
}

const LEGAL_FORM = new RegExp(`^(?:${LEGAL_FORMS})$`, "i");
const GLUE = /^(?:of|and|for|the|&)$/i;
