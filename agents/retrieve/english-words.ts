import { readFileSync } from "node:fs";
import wordListPath from "word-list";

let words: Set<string> | undefined;

/**
 * Whether a lower-case word is English (sindresorhus/word-list: 274k words with their inflections,
 * no proper names; MIT). Read on first use, about 20 MB held, only for questions typed without
 * capitals: there, a word no passage uses and no dictionary knows ("neo4j", "pwc") is a name.
 */
export function isEnglishWord(word: string): boolean {
  words ??= new Set(readFileSync(wordListPath, "utf8").split("\n"));
  const known = words;
  // "precompiled", "multithreaded": a prefix on an English word is English, listed or not.
  return known.has(word) || PREFIXES.some((p) => word.startsWith(p) && known.has(word.slice(p.length)));
}

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
