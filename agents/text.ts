import { foldLatin } from "../src/domain/text/analyzer.js";
import { contentTerms } from "../src/retrieval/query-profile.js";

export { contentTerms };

/** Sentences of a passage: split after . ! ? (not inside decimals or common abbreviations) and at line breaks. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const parts = line.split(/(?<=[.!?])["”’)]?\s+(?=["“‘(]?[\p{Lu}\p{N}])/u);
    let carry = "";
    for (const [i, part] of parts.entries()) {
      const joined = carry ? `${carry} ${part}` : part;
      // "e.g. Foo", "Mr. Smith", "U.S. Army": the split was inside an abbreviation.
      if (
        /\b(?:e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|Inc|Ltd|Co|No|U\.S|Jan|Feb|Mar|Apr|Aug|Sept?|Oct|Nov|Dec)\.$/i.test(
          part,
        ) ||
        // A name's initial ("directed by Albert S. Rogell") ends no sentence.
        /(?:^|\s)\p{Lu}\.$/u.test(part) ||
        // Nor does an initialism before a number ("known as S.B. 2210").
        (/(?:^|\s)(?:\p{Lu}\.){2,}$/u.test(part) && /^\p{N}/u.test(parts[i + 1] ?? ""))
      ) {
        carry = joined;
        continue;
      }
      carry = "";
      const s = joined.trim();
      if (s) out.push(s);
    }
    if (carry.trim()) out.push(carry.trim());
  }
  return out;
}

/** Numbers a text states, normalised (1,200 → 1200; 26.3 stays; percentages keep the number). */
export function numbers(text: string): string[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, "").replace(/\.0+$/, ""));
}

const NOT_NAMES = new Set(
  (
    "A An The This That These Those What Which Who Whom Whose When Where Why How Is Are Was Were Do Does Did " +
    "Can Could Should Would Will In On At For From By With Of To And Or But If Between After Before During " +
    "Considering According Since Both Also It Its I We You He She They My Our Your His Her Their Yes No Not"
  ).split(" "),
);

/**
 * Named things a text mentions, lower case: runs of capitalised words (a question's first word
 * only counts when it is not a function word), quoted phrases, code-like identifiers
 * (snake_case, CamelCase, ALL_CAPS, dotted paths) and years.
 */
export function entities(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(
    /["“]([^"”]{2,60})["”]|(?<![\p{L}\p{N}])['‘]([^'’]{2,60})['’](?![\p{L}\p{N}])/gu,
  ))
    found.add(norm(m[1] ?? m[2] ?? ""));
  const code = /\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z]+\b|\b[A-Za-z]\w*(?:::\w+)+/g;
  for (const m of text.matchAll(code)) found.add(norm(m[0]));
  // A capital glued to a digit or letter before it ("1KiB", "x86-Linux") starts no name.
  const run =
    /(?<![\p{L}\p{N}])(?:[\p{Lu}][\p{L}\p{N}.-]*(?:['’]\p{L}+)?|\d{4})(?:\s+(?:(?:of|de|van|von|the|and|&)\s+)?(?:[\p{Lu}][\p{L}\p{N}.-]*(?:['’]\p{L}+)?|\d+))*/gu;
  for (const m of text.replace(code, " ").matchAll(run)) {
    const words = m[0].split(/\s+/);
    // Function words only at the edges of a run: "What", "The" open questions; "The Verge" keeps its "The".
    while (words.length > 0 && NOT_NAMES.has(bare(words[0] ?? ""))) words.shift();
    while (words.length > 0 && NOT_NAMES.has(bare(words[words.length - 1] ?? ""))) words.pop();
    const phrase = words
      .join(" ")
      .replace(/['’]s$/, "")
      .replace(/[.,;:'’]+$/, "");
    if (phrase.length > 1 && !/^\d{1,3}$/.test(phrase)) found.add(norm(phrase));
  }
  found.delete("");
  return [...found];
}

const bare = (w: string): string => w.replace(/[.’']+$/, "");
const norm = (s: string): string => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/** Share of `needles` found in `haystack` (1 when there is nothing to find). */
export function coverage(needles: readonly string[], haystack: ReadonlySet<string>): number {
  if (needles.length === 0) return 1;
  return needles.filter((n) => haystack.has(n)).length / needles.length;
}

/** Whether a lower-cased text contains a lower-case entity as words, at any of its occurrences. */
export function mentions(lowered: string, name: string): boolean {
  if (!name) return false;
  // "Zurich" in the question names "Zürich" in the text.
  const textLower = foldLatin(lowered);
  const entity = foldLatin(name);
  // Every occurrence counts: "nfts … nft" must find the second one after the first sits inside a word.
  for (let i = textLower.indexOf(entity); i >= 0; i = textLower.indexOf(entity, i + 1)) {
    const before = textLower[i - 1] ?? " ";
    const after = textLower[i + entity.length] ?? " ";
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/** A literal string as a regular-expression source: its special characters escaped. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
