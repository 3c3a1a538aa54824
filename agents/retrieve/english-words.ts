import { readFile } from "node:fs/promises";
import wordListPath from "word-list";

let loading: Promise<Set<string>> | undefined;

/**
 * The English words (sindresorhus/word-list: 274k words with their inflections, no proper names;
 * MIT), read on first use without blocking (about 140 ms, 30 MB held), and only for questions
 * typed without capitals: there, a word no passage uses and no dictionary knows ("neo4j", "pwc")
 * is a name.
 */
export function englishWords(): Promise<Set<string>> {
  loading ??= readFile(wordListPath, "utf8").then((text) => new Set(text.split("\n")));
  return loading;
}

/**
 * Whether a lower-case word is English as people type it: listed; a contraction typed without its
 * apostrophe ("didnt"); a prefix on a listed word ("precompiled"); or one slip from a listed word
 * ("recieve", "goodwil"): a typo is no name the documents must say.
 */
export function isEnglish(word: string, words: ReadonlySet<string>): boolean {
  if (words.has(word) || CONTRACTIONS.test(word)) return true;
  if (
    PREFIXES.some((p) => word.startsWith(p) && word.length - p.length >= 4 && words.has(word.slice(p.length)))
  )
    return true;
  // Seven letters or more: a shorter name is too often one slip from some word ("claude", "clause").
  return word.length >= 7 && oneSlip(word).some((w) => words.has(w));
}

const CONTRACTIONS =
  /^(?:\p{L}+nt|im|ive|id|ill|youre|youve|theyre|theyve|weve|were|whats|thats|theres|heres|lets|its|hes|shes)$/u;

const PREFIXES = [
  "pre",
  "re",
  "un",
  "non",
  "co",
  "de",
  "dis",
  "mis",
  "multi",
  "over",
  "post",
  "sub",
  "super",
  "under",
  "inter",
  "micro",
  "auto",
  "semi",
  "anti",
  "self",
  "out",
  "up",
];

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Every word one deletion, swap of neighbours, change or insertion away (Norvig's edits1). */
function oneSlip(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i <= word.length; i++) {
    const [a, b] = [word.slice(0, i), word.slice(i)];
    if (b) out.push(a + b.slice(1));
    if (b.length > 1) out.push(a + (b[1] ?? "") + (b[0] ?? "") + b.slice(2));
    for (const c of LETTERS) {
      if (b) out.push(a + c + b.slice(1));
      out.push(a + c + b);
    }
  }
  return out;
}
