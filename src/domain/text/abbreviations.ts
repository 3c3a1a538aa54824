/**
 * Business abbreviations written with an ampersand ("R&D", "SG&A", "PP&E"): people type them, while
 * statements and notes spell them out ("Research and development"). The analyzer splits "R&D" into
 * one-letter words no index matches, so queries and the reader also read the spelled-out words.
 * General English, not any document's wording. Pure.
 */
const SPELLED: Readonly<Record<string, string>> = {
  "r&d": "research and development",
  "md&a": "management's discussion and analysis",
  "sg&a": "selling, general and administrative",
  "g&a": "general and administrative",
  "m&a": "mergers and acquisitions",
  "p&l": "profit and loss",
  "d&a": "depreciation and amortization",
  "pp&e": "property, plant and equipment",
  "q&a": "questions and answers",
  "t&e": "travel and entertainment",
  "o&m": "operations and maintenance",
};

const AMPERSAND = /(?<![\p{L}\p{N}&])\p{L}{1,2}&\p{L}{1,2}(?![\p{L}\p{N}&])/gu;

/** The spelled-out forms of the ampersand abbreviations a text uses, in order, each once. */
export function spelledOut(text: string): string[] {
  const found = [...text.matchAll(AMPERSAND)]
    .map((m) => SPELLED[m[0].toLowerCase()])
    .filter((s): s is string => s !== undefined);
  return [...new Set(found)];
}

/** The text with those abbreviations blanked: "Uber R&D spending" names Uber, not "Uber R" ("AT&T" stays). */
export const withoutAbbreviations = (text: string): string =>
  text.replace(AMPERSAND, (m) => (SPELLED[m.toLowerCase()] ? " ".repeat(m.length) : m));
