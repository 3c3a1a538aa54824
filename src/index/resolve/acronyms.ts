/** Words an acronym usually skips: "United States of America" is USA, "Bank of England" BoE. */
const SKIPPED = new Set(["of", "and", "the", "for", "de", "du", "la", "и", "по", "для", "&"]);

/** "FAA", "ЦБ РФ", "U.S.": 2–8 capital letters once dots and spaces are gone. */
export function looksLikeAcronym(name: string): boolean {
  const letters = name.replace(/[.\s&-]/g, "");
  return /^\p{Lu}[\p{Lu}\p{N}]{1,7}$/u.test(letters) || /^\p{Lu}(?:\p{Ll}?\p{Lu}){1,6}$/u.test(letters);
}

/**
 * Whether `acronym` abbreviates `long`: its capitals are the initials of the long form's words,
 * with or without the skipped small words ("Federal Aviation Administration" → FAA,
 * "Bank of England" → BoE, "Центральный банк Российской Федерации" → ЦБ РФ). Pure.
 */
export function isAcronymOf(acronym: string, long: string): boolean {
  if (!looksLikeAcronym(acronym)) return false;
  const capitals = [...acronym.replace(/[.\s&-]/g, "")]
    .filter((ch) => /\p{Lu}|\p{N}/u.test(ch))
    .join("")
    .toLowerCase();
  const words = long
    .normalize("NFKC")
    .split(/[\s-]+/u)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean);
  if (words.length < 2) return false;
  const initials = (list: string[]) =>
    list
      .map((w) => w[0] ?? "")
      .join("")
      .toLowerCase();
  const content = words.filter((w) => !SKIPPED.has(w.toLowerCase()));
  return capitals === initials(content) || capitals === initials(words);
}
