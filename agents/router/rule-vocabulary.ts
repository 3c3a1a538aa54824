import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The router's rule sources: their regexes must hold general question words, never a dataset's names. */
export const RULE_FILES: readonly string[] = [
  fileURLToPath(new URL("./route-features.ts", import.meta.url)),
  fileURLToPath(new URL("./rule-router.ts", import.meta.url)),
];

const REGEX_LITERAL = /\/(?![/*])((?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n[])+)\/[dgimsuvy]*/g;
const TEMPLATE_REGEX = /new RegExp\(\s*`([^`]*)`/g;

/** Literal words (3+ letters) inside the regexes of a TypeScript source, lower-cased, without escapes. */
export function ruleWords(source: string): string[] {
  // Comments may name examples; only the patterns are rules.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/^\s*\/\/.*$/gm, " ");
  const bodies = [
    ...[...code.matchAll(REGEX_LITERAL)].map((m) => m[1] ?? ""),
    ...[...code.matchAll(TEMPLATE_REGEX)].map((m) => m[1] ?? ""),
  ];
  const words = new Set<string>();
  for (const body of bodies) {
    // Drop escapes (\b, \w, \p{Lu}) so they do not read as words.
    const plain = body.replace(/\\\\?(?:p\{\w+\}|[a-zA-Z])/g, " ");
    for (const w of plain.match(/\p{L}{3,}/gu) ?? []) words.add(w.toLowerCase());
  }
  return [...words].sort();
}

/**
 * Rule words that read as names in the given texts: seen capitalised mid-sentence there and never in
 * lower case. A general question word ("report", "between") is seen in lower case somewhere.
 */
export function nameLikeRuleWords(words: readonly string[], texts: readonly string[]): string[] {
  const lower = new Set<string>();
  const capital = new Set<string>();
  for (const t of texts) {
    for (const m of t.matchAll(/(?<=\S\s+)(\p{L}+)/gu)) {
      const w = m[1] ?? "";
      if (w === w.toLowerCase()) lower.add(w);
      else capital.add(w.toLowerCase());
    }
  }
  return words.filter((w) => capital.has(w) && !lower.has(w));
}

export function routerRuleWords(): string[] {
  return [...new Set(RULE_FILES.flatMap((f) => ruleWords(readFileSync(f, "utf8"))))].sort();
}
