import { boundedMemo } from "./bounded-memo.js";

/**
 * Canonical form of a name for entity resolution: Unicode-folded, accents removed, lower
 * case, punctuation as spaces, a leading article dropped. "The Heart of Doreon" and
 * "heart of doreon", "Ermengarde of Tours" and "ERMENGARDE OF TOURS" resolve to one entity;
 * a possessive goes ("Lisbeth Palme's husband" names "lisbeth palme").
 */
// Names repeat across passages (every mention of an entity is canonicalised): remembered, bounded.
export const canonicalName: (name: string) => string = boundedMemo(100_000, canonicalOf);

function canonicalOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/['’`]s\b/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/^(the|a|an) /, "");
}

/** Word tokens of a canonical string. */
export const canonicalTokens = (text: string): string[] => canonicalName(text).split(" ").filter(Boolean);

/** Words of a text with their canonical form and whether they were written capitalised (or are numbers). */
export function nameWords(text: string): Array<{ canonical: string; capitalised: boolean }> {
  return [...text.normalize("NFKC").matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)].flatMap((m) => {
    const canonical = canonicalName(m[0]);
    return canonical
      ? canonical.split(" ").map((c) => ({ canonical: c, capitalised: /^[\p{Lu}\p{N}]/u.test(m[0]) }))
      : [];
  });
}
