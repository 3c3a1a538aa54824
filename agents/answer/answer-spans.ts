import type { AnswerType } from "./answer-type.js";

/** A typed span of a text: a number with its unit, a date, a name, an identifier. */
export interface Span {
  text: string;
  type: AnswerType;
  /** Character offset in the text it came from. */
  at: number;
}

const SCALE = "(?:\\s?(?:million|billion|thousand|trillion|bn|mn|млн|млрд|тыс\\.?))";
const CURRENCY = "(?:[$€£¥]|US\\$|USD\\s?|EUR\\s?)";
const NUM = "\\(?\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?\\)?|\\(?\\d+(?:\\.\\d+)?\\)?";
const MONEY = new RegExp(
  `${CURRENCY}\\s?(?:${NUM})${SCALE}?|(?:${NUM})${SCALE}?\\s?(?:dollars|euros|usd|руб\\w*)`,
  "gi",
);
const PERCENT = new RegExp(`(?:${NUM})\\s?(?:%|percent\\b|per cent\\b|процент\\w*)`, "gi");
// Words that never count a thing: "41,207 at the 2001 census" is a bare number.
const FUNCTION_WORDS =
  "at|in|on|of|and|or|the|a|an|to|for|by|from|with|as|is|was|were|are|that|which|who|when|while|after|before|since|until|into|than";
// A bare number and the word after it ("9 cycles", "70,000 drivers", "10.6 million square feet").
// A year is no count, followed by a comma or not ("born 1969, Elmtown").
const COUNT = new RegExp(
  `(?<![\\w.$])(?!(?:1[6-9]|20)\\d{2}\\b(?!,\\d))(?:${NUM})${SCALE}?(?:[ \\-](?!(?:${FUNCTION_WORDS})\\b)(?:[a-zа-яё][\\w-]*))?(?:\\s(?:square|per|of)\\s[a-z]+)?`,
  "gi",
);
// A number in words and the word after it ("nine cycles"), unless that word is a function word ("one of").
const NUMBER_WORD = new RegExp(
  `\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|dozens?)\\b(?:\\s+(?!(?:${FUNCTION_WORDS})\\b)[a-z][\\w-]*)?`,
  "gi",
);
/** "Uber One", "Formula One": a capitalised number word after a capitalised word is part of a name. */
const inName = (text: string, s: Span): boolean =>
  /^\p{Lu}/u.test(s.text) && /\p{Lu}[\p{L}\d-]*\s+$/u.test(text.slice(Math.max(0, s.at - 40), s.at));
const MONTH =
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
const DATE = new RegExp(
  `\\b${MONTH}\\.? \\d{1,2}, \\d{4}\\b|\\b\\d{1,2} ${MONTH} \\d{4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b${MONTH} \\d{4}\\b|\\bQ[1-4] \\d{4}\\b`,
  "g",
);
const DEMONYM = /\b[\p{Lu}][\p{Ll}]+(?:an|ian|ese|ish|ch|ic)\b/gu;
// Months that end like demonyms ("March", "January"): dates, not nationalities.
const MONTH_WORD = /^(?:January|February|March)$/;
const YEAR = /\b(?:1[6-9]|20)\d{2}\b/g;
// "v1.4", "0.1.3", and a labelled build ("P12.1.2"): a letter prefix, then dotted numbers.
const VERSION = /(?<![\w.])(?:v|[A-Z]{1,3})?\d+\.\d+(?:\.\d+)*(?![\w.]*\d|\s*%)/g;
const INLINE_CODE = /`([^`\n]{1,80})`/g;
// Identifiers: snake_case, module::paths, --flags, CamelCase, ALL_CAPS codes, *SPECIAL values.
// A short capitalised word ("CLI", "JSON") is an acronym of prose, not a code: an ALL_CAPS code
// has an underscore, a digit or five letters at least ("EFROZEN", "E_NOT_FOUND", "E404").
const IDENT =
  /(?<![\w-])(?:--?[a-z][\w-]+|[A-Za-z]\w*(?:::\w+)+(?:\(\))?|[A-Za-z][a-z0-9]*(?:_[A-Za-z0-9]+)+(?:\(\))?|[a-z]+[A-Z]\w+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][A-Z0-9]{4,}|[A-Z]+\d[A-Z0-9]*|\*[A-Z]{3,})(?![\w-])/g;
const NAME =
  /(?:[\p{Lu}][\p{L}\p{N}.&'’-]*)(?:\s+(?:of\s+(?:the\s+)?|(?:de|van|von|the|and|&|for)\s+)?[\p{Lu}][\p{L}\p{N}.&'’-]*)*/gu;

const LEADING = new Set(
  "The A An This That These Those In On At For From By With Of To And Or But If As It Its We Our Their They He She".split(
    " ",
  ),
);

function collect(text: string, re: RegExp, type: AnswerType, group = 0): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(re)) {
    const t = (m[group] ?? "").trim().replace(/[.,;:]+$/, "");
    if (t) out.push({ text: t, type, at: (m.index ?? 0) + Math.max(0, m[0].indexOf(t)) });
  }
  return out;
}

/** The months' full names. */
const MONTH_NAMES =
  "January February March April May June July August September October November December".split(" ");
/** The months' and weekdays' full names: times, never the names of things. */
export const CALENDAR_WORDS: readonly string[] = [
  ...MONTH_NAMES,
  ..."Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split(" "),
];

// Capitalised words that are dates, numbers, nationalities or a sentence's opening adverb or
// quantifier ("There are hotels …", "Although he …"), not the names of things.
const NOT_A_NAME = new RegExp(
  `^(?:${[...CALENDAR_WORDS, ..."One Two Three Four Five Six Seven Eight Nine Ten There Here However Although Though While Whereas When Where After Before During Since Because Then Thus Also Meanwhile Moreover Such Some Many Most Both Each Every".split(" ")].join("|")})$|^[\\p{Lu}][\\p{Ll}]+(?:an|ian|ese|ish)$|^(?:[\\p{Lu}][\\p{Ll}]+(?:an|ian|ese|ish|i)-)+[\\p{Lu}][\\p{Ll}]+(?:an|ian|ese|ish|i)$`,
  "u",
);

const DATED = new RegExp(`(?:^|\\s)(?:${MONTH_NAMES.join("|")})$`);

/** Capitalised runs that are not sentence-initial function words. */
function names(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(NAME)) {
    const words = m[0].split(/\s+/);
    let at = m.index ?? 0;
    while (words.length > 0 && LEADING.has(words[0] ?? "")) at += (words.shift() ?? "").length + 1;
    // "… on the floor of the Assembly The current chair …": a sentence whose full stop is missing
    // ("Class A", "Exhibit A" keep their letter).
    while (words.length > 1 && words.at(-1) === "The") words.pop();
    const t = words
      .join(" ")
      .replace(/['’]s$/, "")
      .replace(/[.,;:]+$/, "");
    // "Ann Roe (Hangul: …)", "(Bengali: …)": the label of a name in another script is a language.
    const gloss = text[at - 1] === "(" && text[at + t.length] === ":";
    // "Year Ended December 31", "As of December 31, 2021": words leading into a date are no name.
    if (DATED.test(t) && /^\s*\d/.test(text.slice(at + t.length))) continue;
    if (t.length > 1 && !/^[IVX]+$/.test(t) && !NOT_A_NAME.test(t) && !gloss)
      out.push({ text: t, type: "organisation", at });
  }
  return out;
}

/** Spans of one type in a text; for "other"-like types, every span the text has. */
export function spansOf(text: string, type: AnswerType): Span[] {
  switch (type) {
    case "money":
      return collect(text, MONEY, "money");
    case "percent":
      return collect(text, PERCENT, "percent");
    case "quantity":
      return [
        ...collect(text, COUNT, "quantity"),
        ...collect(text, NUMBER_WORD, "quantity").filter((s) => !inName(text, s)),
      ];
    case "date":
      return [...collect(text, DATE, "date"), ...collect(text, YEAR, "year")];
    case "year":
      return collect(text, YEAR, "year");
    case "version":
      return collect(text, VERSION, "version");
    case "code":
      return [...collect(text, INLINE_CODE, "code", 1), ...collect(text, IDENT, "code")];
    case "person":
    case "organisation":
      return names(text).map((s) => ({ ...s, type }));
    // Places and nationalities: a demonym ("Chinese") answers "what nationality" as well as a name.
    case "place":
      return [...names(text), ...collect(text, DEMONYM, "place").filter((s) => !MONTH_WORD.test(s.text))].map(
        (s) => ({ ...s, type }),
      );
    default:
      return [];
  }
}

/** Whether a span is only a number (no unit, no scale): years and counts need context to be answers. */
export const isBareNumber = (s: string): boolean => /^\(?[\d.,]+\)?$/.test(s.trim());

// Two years joined ("from 1986 to 2013", "1903–1912", "between 1945 and 1969", "2017 to present").
const PERIOD =
  /\b(?:from\s+|between\s+)?(?:1[6-9]|20)\d{2}\s*(?:–|—|-|to|until|till|through|and)\s*(?:(?:1[6-9]|20)\d{2}|present|today)\b/gi;

// A month's full name, or two joined ("March and April", "June–August"); "May" opening a
// sentence is as often the verb.
const MONTH_NAME = `(?:${MONTH_NAMES.map((m) => (m === "May" ? "(?<![.!?]\\s|^)May" : m)).join("|")})`;
const MONTHS_SAID = new RegExp(
  `\\b${MONTH_NAME}(?:\\s*(?:–|—|-|to|and|or|through)\\s*${MONTH_NAME})?\\b`,
  "g",
);

/** Months a text names: what "in what month" is answered by, alone or in a date. */
export const monthsOf = (text: string): Span[] => collect(text, MONTHS_SAID, "date");

/** Spans of years ("from 1986 to 2013"): what a question asking for a period is answered by. */
export const periodsOf = (text: string): Span[] => collect(text, PERIOD, "date");
