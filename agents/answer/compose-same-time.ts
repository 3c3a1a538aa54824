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
  span: "year" | "decade";
  year: number | null;
}

const VERBS =
  "released|formed|founded|established|published|born|built|created|opened|made|written|produced|launched|recorded|started|begun|completed|premiered|debuted|open|release|form|found|establish|publish|create|launch|record|start|premiere|debut";

/**
 * "Were A and B released in the same year?", "Were A and B both formed before 2010?": the two
 * things, the event's verb and the test; null for other questions.
 */
export function parseSameTime(question: string): TimeQuestion | null {
  const q = question.replace(/["“”]/g, "").trim();
  // The patterns are polynomial in the length: questions are short.
  if (q.length > MAX_QUESTION_CHARS) return null;
  const head = `^(?:were|was|are|is|did)\\s+(?:both\\s+)?(?:the\\s+)?(.+?)\\s+and\\s+(?:the\\s+)?(.+?),?\\s+(?:both\\s+)?(?:first\\s+)?(${VERBS})\\s+`;
  const same = q.match(new RegExp(`${head}(?:in|during)\\s+the\\s+same\\s+(year|decade)\\s*\\?$`, "i"));
  if (same?.[1] && same[2] && same[3] && same[4]) {
    const span = same[4].toLowerCase() === "decade" ? "decade" : "year";
    return {
      options: [clean(same[1]), clean(same[2])],
      verb: same[3].toLowerCase(),
      test: "same",
      span,
      year: null,
    };
  }
  const than = q.match(new RegExp(`${head}(before|after|in)\\s+(\\d{4})\\s*\\?$`, "i"));
  if (!than?.[1] || !than[2] || !than[3] || !than[4] || !than[5]) return null;
  const word = than[4].toLowerCase();
  return {
    options: [clean(than[1]), clean(than[2])],
    verb: than[3].toLowerCase(),
    test: word === "before" ? "before" : word === "after" ? "after" : "in",
    span: "year",
    year: Number(than[5]),
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
export function yearOf(text: string, verb: string): { year: number; text: string } | null {
  const forms = verbForms(verb);
  const sentence = splitSentences(text).find((s) => forms.test(s) && firstDate(s));
  const d = sentence
    ? (firstDate(sentence.slice(Math.max(0, sentence.search(forms)))) ?? firstDate(sentence))
    : firstDate(text);
  return d ? { year: Math.floor(d.value), text: d.text } : null;
}

/** Yes or no with both years said and cited; null when a passage or its year is missing. */
export function composeSameTime(q: TimeQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = ownPassage(evidence, option);
    const y = e ? yearOf(e.text, q.verb) : null;
    return e && y ? { option, e, ...y } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.e.sid === b.e.sid) return null;
  const key = (y: number) => (q.span === "decade" ? Math.floor(y / 10) : y);
  const holds = (y: number) =>
    q.test === "before" ? y < (q.year ?? 0) : q.test === "after" ? y > (q.year ?? 0) : y === q.year;
  const yes = q.test === "same" ? key(a.year) === key(b.year) : holds(a.year) && holds(b.year);
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
