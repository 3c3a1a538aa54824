import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { escapeRegExp, splitSentences } from "../text.js";
import { MAX_QUESTION_CHARS } from "./choice-options.js";
import { firstDate } from "./compose-choice.js";
import { clean } from "./compose-yes-no.js";
import { ownPassage } from "./own-passage.js";

/** A yes/no question about when two named things happened. */
export interface TimeQuestion {
  options: [string, string];
  /** The event's verb as asked ("released", "formed"), to find the words that date it. */
  verb: string;
  /** "same": the same year (or decade); "before"/"after"/"in": each against `year`. */
  test: "same" | "before" | "after" | "in";
  span: "year" | "decade" | "century" | "month";
  year: number | null;
  /** "start their careers": only a sentence with the verb and a date dates it. */
  object?: boolean;
}

const VERBS =
  "released|formed|founded|established|published|born|built|created|opened|made|written|produced|launched|recorded|started|begun|completed|premiered|debuted|aired|fought|held|issued|signed|open|release|form|found|establish|publish|create|launch|record|start|begin|premiere|debut|air|fight|hold|issue|sign";
// "start their careers in …": a possessive's object may stand between the verb and the time.
const OBJECT = "(?:(?:their|his|her|its)\\s+[\\p{L}-]+\\s+)?";

/**
 * "Were A and B released in the same year?", "Were A and B both formed before 2010?": the two
 * things, the event's verb and the test; null for other questions.
 */
export function parseSameTime(question: string): TimeQuestion | null {
  const q = question.replace(/["“”]/g, "").trim();
  // The patterns are polynomial in the length: questions are short.
  if (q.length > MAX_QUESTION_CHARS) return null;
  const head = `^(?:were|was|are|is|did)\\s+(?:both\\s+)?(?:the\\s+)?(.+?)\\s+and\\s+(?:the\\s+)?(.+?),?\\s+(?:both\\s+)?(?:first\\s+)?(${VERBS})\\s+${OBJECT}`;
  const object = new RegExp(`(?:${VERBS})\\s+(?:their|his|her|its)\\s`, "i").test(q);
  const same = q.match(
    new RegExp(`${head}(?:in|during)\\s+the\\s+same\\s+(year|decade|century|month)\\s*\\?$`, "iu"),
  );
  if (same?.[1] && same[2] && same[3] && same[4]) {
    const span = same[4].toLowerCase() as TimeQuestion["span"];
    return {
      options: [clean(same[1]), clean(same[2])],
      verb: same[3].toLowerCase(),
      test: "same",
      span,
      year: null,
      ...(object ? { object } : {}),
    };
  }
  // "in 1999", "in the 1990s" (a decade), "in the 1800s" (a century).
  const than = q.match(new RegExp(`${head}(before|after|in)\\s+(?:the\\s+)?(\\d{4})(s?)\\s*\\?$`, "iu"));
  if (!than?.[1] || !than[2] || !than[3] || !than[4] || !than[5]) return null;
  const word = than[4].toLowerCase();
  const year = Number(than[5]);
  // "the 1800s" is a century; "the 1900s" and "the 2000s" may mean a decade too: not read.
  const span = than[6] !== "s" ? "year" : year % 100 !== 0 ? "decade" : year < 1900 ? "century" : null;
  if (!span) return null;
  return {
    options: [clean(than[1]), clean(than[2])],
    verb: than[3].toLowerCase(),
    test: word === "before" ? "before" : word === "after" ? "after" : "in",
    span,
    year,
    ...(object ? { object } : {}),
  };
}

/** The verb as a whole word in any regular form: "formed" → form, forms, formed, forming (not "former"). */
export function verbForms(verb: string): RegExp {
  const root = escapeRegExp(verb.replace(/e?d$/, ""));
  return new RegExp(`\\b(?:${escapeRegExp(verb)}|${root}(?:e|es|s|ed|d|ing)?)\\b`, "i");
}

/**
 * The year a passage dates its subject's event by: the first date after the verb in the first
 * sentence that uses it ("Recorded after the 1996 tour, it was released in 1998" → 1998), else
 * that sentence's first date, else the passage's first date.
 */
export function yearOf(
  text: string,
  verb: string,
  /** Only a sentence with the verb dates the event (no fallback to the passage's first date). */
  strict = false,
): { year: number; value: number; month: number; text: string } | null {
  const forms = verbForms(verb);
  const sentence = splitSentences(text).find((s) => forms.test(s) && firstDate(s));
  if (!sentence && strict) return null;
  const d = sentence
    ? (firstDate(sentence.slice(Math.max(0, sentence.search(forms)))) ?? firstDate(sentence))
    : firstDate(text);
  return d ? { year: Math.floor(d.value), value: d.value, month: d.month, text: d.text } : null;
}

/** Yes or no with both years said and cited; null when a passage or its year is missing. */
export function composeSameTime(q: TimeQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = ownPassage(evidence, option);
    const y = e ? yearOf(e.text, q.verb, q.object === true) : null;
    return e && y ? { option, e, ...y } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.e.sid === b.e.sid) return null;
  // A month is only known when both dates name one.
  if (q.span === "month" && (a.month < 0 || b.month < 0)) return null;
  const key = (r: { year: number; month: number }) =>
    q.span === "decade"
      ? Math.floor(r.year / 10)
      : q.span === "century"
        ? Math.floor(r.year / 100)
        : q.span === "month"
          ? r.year * 12 + r.month
          : r.year;
  // "after the 1990s": after the decade's last year.
  const last = (q.year ?? 0) + (q.span === "decade" ? 9 : q.span === "century" ? 99 : 0);
  const holds = (r: { year: number; month: number }) =>
    q.test === "before"
      ? r.year < (q.year ?? 0)
      : q.test === "after"
        ? r.year > last
        : q.span === "year"
          ? r.year === q.year
          : key(r) === key({ year: q.year ?? 0, month: -1 });
  const yes = q.test === "same" ? key(a) === key(b) : holds(a) && holds(b);
  return {
    sentences: [
      {
        text: `${yes ? "Yes" : "No"}: ${a.option}: ${a.text}; ${b.option}: ${b.text}.`,
        cites: [a.e.sid, b.e.sid],
      },
    ],
    not_found: false,
    short_answer: yes ? "yes" : "no",
  };
}
