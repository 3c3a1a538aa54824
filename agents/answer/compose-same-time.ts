import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { firstDate, titled } from "./compose-choice.js";
import { clean } from "./compose-yes-no.js";
import { leadPassages } from "./lead-passages.js";

/**
 * Yes/no questions about when two named things happened: "Were A and B released in the same
 * year?", "Were A and B both formed before 2010?". Each one's year is read from its own
 * passage, from the first sentence that uses the question's verb (else the first date). Pure.
 */
export interface TimeQuestion {
  options: [string, string];
  /** The event's verb stem ("releas", "form"), to find the sentence that dates it. */
  verb: string;
  /** "same": the same year (or decade); "before"/"after"/"in": each against `year`. */
  test: "same" | "before" | "after" | "in";
  span: "year" | "decade";
  year: number | null;
}

const VERBS =
  "released|formed|founded|established|published|born|built|created|opened|made|written|produced|launched|recorded|started|begun|completed|premiered|debuted";

export function parseSameTime(question: string): TimeQuestion | null {
  const q = question.replace(/["“”]/g, "").trim();
  if (q.length > 300) return null;
  const head = `^(?:were|was|are|is|did)\\s+(?:both\\s+)?(?:the\\s+)?(.+?)\\s+and\\s+(?:the\\s+)?(.+?),?\\s+(?:both\\s+)?(?:first\\s+)?(${VERBS})\\s+`;
  const same = q.match(new RegExp(`${head}(?:in|during)\\s+the\\s+same\\s+(year|decade)\\s*\\?$`, "i"));
  if (same?.[1] && same[2] && same[3] && same[4]) {
    const span = same[4].toLowerCase() === "decade" ? "decade" : "year";
    return { options: [clean(same[1]), clean(same[2])], verb: stem(same[3]), test: "same", span, year: null };
  }
  const than = q.match(new RegExp(`${head}(before|after|in)\\s+(\\d{4})\\s*\\?$`, "i"));
  if (!than?.[1] || !than[2] || !than[3] || !than[4] || !than[5]) return null;
  const test = than[4].toLowerCase() as "before" | "after" | "in";
  return {
    options: [clean(than[1]), clean(than[2])],
    verb: stem(than[3]),
    test,
    span: "year",
    year: Number(than[5]),
  };
}

const stem = (verb: string): string =>
  verb
    .toLowerCase()
    .replace(/(?:ed|en|n|t)$/, "")
    .slice(0, 5);

/** The year a passage dates its subject's event by: the first sentence with the verb, else its first date. */
function yearOf(e: Evidence, verb: string): { year: number; text: string } | null {
  const sentences = splitSentences(e.text);
  const dated = sentences.find((s) => s.toLowerCase().includes(verb) && firstDate(s)) ?? e.text;
  const d = firstDate(dated);
  return d ? { year: Math.floor(d.value), text: d.text } : null;
}

export function composeSameTime(q: TimeQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = titled(evidence, option) ?? leadPassages(evidence, option)[0];
    const y = e ? yearOf(e, q.verb) : null;
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
