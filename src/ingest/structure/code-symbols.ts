import type { z } from "zod";
import type { CodeSymbolKindSchema } from "../../domain/code-symbol.js";

type SymbolKind = z.infer<typeof CodeSymbolKindSchema>;

export interface CodeSymbolDef {
  name: string;
  kind: SymbolKind;
}

/** Definition patterns per language family; a doc's code blocks define what it explains. */
const RULES: Array<{ languages: RegExp; kind: SymbolKind; re: RegExp }> = [
  { languages: /^(move|rust|rs)$/, kind: "module", re: /^\s*(?:pub\s+)?(?:module|mod)\s+([\w:]+)/gm },
  {
    languages: /^(move|rust|rs)$/,
    kind: "function",
    re: /^\s*(?:public(?:\([\w]+\))?\s+|pub(?:\([\w]+\))?\s+)?(?:entry\s+|inline\s+|native\s+|async\s+)*fu?n\s+(\w+)/gm,
  },
  { languages: /^(move|rust|rs)$/, kind: "struct", re: /^\s*(?:public\s+|pub\s+)?(?:struct|enum)\s+(\w+)/gm },
  { languages: /^(move|rust|rs)$/, kind: "constant", re: /^\s*const\s+([A-Z_][A-Z0-9_]*)\s*:/gm },
  { languages: /^(py|python)$/, kind: "function", re: /^\s*(?:async\s+)?def\s+(\w+)/gm },
  { languages: /^(py|python)$/, kind: "class", re: /^\s*class\s+(\w+)/gm },
  {
    languages: /^(js|jsx|ts|tsx|javascript|typescript|mjs)$/,
    kind: "function",
    re: /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s+(\w+)/gm,
  },
  {
    languages: /^(js|jsx|ts|tsx|javascript|typescript|mjs)$/,
    kind: "class",
    re: /^\s*(?:export\s+)?class\s+(\w+)/gm,
  },
  {
    languages: /^(js|jsx|ts|tsx|javascript|typescript|mjs)$/,
    kind: "function",
    re: /^\s*export\s+const\s+(\w+)\s*=\s*(?:async\s*)?\(/gm,
  },
  { languages: /^(go|golang)$/, kind: "function", re: /^func\s+(?:\([^)]*\)\s*)?(\w+)/gm },
  {
    languages: /^(java|kotlin|scala|csharp|cs)$/,
    kind: "class",
    re: /^\s*(?:public\s+)?(?:final\s+)?class\s+(\w+)/gm,
  },
];

export function extractCodeSymbols(code: string, language: string | undefined): CodeSymbolDef[] {
  const lang = (language ?? "").toLowerCase();
  if (lang === "") return [];
  const seen = new Set<string>();
  const defs: CodeSymbolDef[] = [];
  for (const rule of RULES) {
    if (!rule.languages.test(lang)) continue;
    for (const m of code.matchAll(rule.re)) {
      const name = m[1];
      if (!name || seen.has(`${rule.kind}:${name}`)) continue;
      seen.add(`${rule.kind}:${name}`);
      defs.push({ name, kind: rule.kind });
    }
  }
  return defs;
}
