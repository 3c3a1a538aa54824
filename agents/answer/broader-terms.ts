import { contentTerms } from "../text.js";

/**
 * A passage's content terms with the broader words they imply, so a question may ask in other
 * words than the passage writes: a novelist is an author, a baritone a singer and a musician, a
 * passage naming the United States says American. General English (kinds of people, and countries with the
 * words for their people), never words of a corpus. Pure.
 */
export function broaderTerms(text: string): Set<string> {
  const terms = new Set(contentTerms(text));
  for (const [narrow, broad] of IMPLIES)
    if (narrow.every((t) => terms.has(t))) for (const t of broad) terms.add(t);
  return terms;
}

// Kinds of people: the narrower word, then what it is as well.
const KINDS: ReadonlyArray<[string, string]> = [
  ["novelist poet playwright dramatist screenwriter essayist lyricist", "author writer"],
  ["author", "writer"],
  ["writer", "author"],
  [
    "singer songwriter guitarist bassist drummer pianist violinist cellist rapper composer multi-instrumentalist keyboardist saxophonist trumpeter",
    "musician",
  ],
  ["baritone tenor soprano mezzo-soprano contralto bass-baritone vocalist", "singer musician"],
  ["actress", "actor"],
  ["footballer", "football player"],
  ["filmmaker", "film director"],
];

// Countries and the words for their people, each implying the other.
const COUNTRIES: ReadonlyArray<[string, string]> = [
  ["United States", "American"],
  ["United Kingdom", "British"],
  ["England", "English"],
  ["Scotland", "Scottish"],
  ["Wales", "Welsh"],
  ["Ireland", "Irish"],
  ["France", "French"],
  ["Germany", "German"],
  ["Italy", "Italian"],
  ["Spain", "Spanish"],
  ["Portugal", "Portuguese"],
  ["Netherlands", "Dutch"],
  ["Sweden", "Swedish"],
  ["Norway", "Norwegian"],
  ["Denmark", "Danish"],
  ["Poland", "Polish"],
  ["Russia", "Russian"],
  ["China", "Chinese"],
  ["Japan", "Japanese"],
  ["South Korea", "South Korean"],
  ["India", "Indian"],
  ["Canada", "Canadian"],
  ["Mexico", "Mexican"],
  ["Brazil", "Brazilian"],
  ["Argentina", "Argentine"],
  ["Australia", "Australian"],
  ["New Zealand", "New Zealander"],
];

// Each entry: the stems a text must hold, then the stems it implies.
const IMPLIES: ReadonlyArray<[string[], string[]]> = [
  ...KINDS.flatMap(([narrow, broad]) =>
    narrow.split(" ").map((w): [string[], string[]] => [contentTerms(w), contentTerms(broad)]),
  ),
  // One way only: "American" adds no "united" or "state" ("state senators" are not "from the
  // United States"); a question's country is read as its people's word instead (peopleOf).
  ...COUNTRIES.map(([country, people]): [string[], string[]] => [
    contentTerms(country),
    contentTerms(people),
  ]),
];

/** "from the United States" → "American": a question's country as the word for its people. */
export function peopleOf(predicate: string): string {
  return COUNTRIES.reduce(
    (p, [country, people]) =>
      p.replace(new RegExp(`\\b(?:from|of|in)\\s+(?:the\\s+)?${country}\\b`, "g"), people),
    predicate,
  );
}
