import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { MAX_QUESTION_CHARS, optionPassage } from "./choice-options.js";

/**
 * Yes/no comparisons of one thing with another: "Is A older than B?", "Was A founded before B?",
 * "Does A have more members than B?". Each is the choice "Which …, A or B?" the comparison
 * composers already read (read-pair.ts); the answer is yes when A wins. Pure.
 */
export interface ThanQuestion {
  /** The same comparison asked as a choice between the two. */
  asked: string;
  /** The thing the question asks about (A). */
  first: string;
}

const DEGREE =
  "older|younger|newer|larger|bigger|smaller|longer|shorter|taller|higher|lower|(?:more|less|fewer)\\s+[\\p{Ll}-]+";
const EVENT =
  "born|released|founded|established|formed|published|created|opened|built|made|launched|died|die";

export function parseThan(question: string): ThanQuestion | null {
  if (question.length > MAX_QUESTION_CHARS) return null;
  const q = question.replace(/["“”]/g, "").trim();
  const degree = q.match(
    new RegExp(`^(?:is|was|are|were)\\s+(.+?)\\s+(?:much\\s+)?(${DEGREE})\\s+than\\s+(.+?)\\s*\\?$`, "iu"),
  );
  if (degree?.[1] && degree[2] && degree[3] && !/^\s*\d/.test(degree[3]))
    return { asked: `Which is ${degree[2]}, ${degree[1]} or ${degree[3]}?`, first: degree[1] };
  const event = q.match(
    new RegExp(
      `^(?:was|were|is|did)\\s+(.+?)\\s+(${EVENT})\\s+(before|after|earlier than|later than)\\s+(.+?)\\s*\\?$`,
      "i",
    ),
  );
  if (event?.[1] && event[2] && event[3] && event[4]) {
    // "before 2020" compares with a year, not with another thing's passage.
    if (/^\s*(?:\d{3,4}|the\s+\d{3,4}s?)\b/i.test(event[4])) return null;
    const when = /^(?:before|earlier)/i.test(event[3]) ? "first" : "later";
    // "Did A die before B?" is "Which died first?": the death dates, not the births.
    const verb = /^die/i.test(event[2]) ? "died" : `was ${event[2]}`;
    return { asked: `Which ${verb} ${when}, ${event[1]} or ${event[4]}?`, first: event[1] };
  }
  const count = q.match(
    /^(?:does|did|do|has|had)\s+(.+?)\s+(?:have|has|had|contain|include)\s+(more|fewer|less)\s+(.+?)\s+than\s+(.+?)\s*\?$/i,
  );
  if (count?.[1] && count[2] && count[3] && count[4])
    return { asked: `Which has ${count[2]} ${count[3]}, ${count[1]} or ${count[4]}?`, first: count[1] };
  return null;
}

/** Yes when the choice's answer is the first thing, else no; null when the choice is undecided. */
export function composeThan(
  q: ThanQuestion,
  evidence: readonly Evidence[],
  choose: (asked: string) => Draft | null,
): Draft | null {
  const draft = choose(q.asked);
  const winner = draft?.short_answer?.toLowerCase();
  const first = optionPassage(evidence, q.first);
  if (!draft || !winner || !first) return null;
  const yes = winner === first.name.toLowerCase() || winner === q.first.toLowerCase();
  const [lead, ...rest] = draft.sentences;
  if (!lead) return null;
  return {
    sentences: [{ ...lead, text: `${yes ? "Yes" : "No"}: ${lead.text}` }, ...rest],
    not_found: false,
    short_answer: yes ? "yes" : "no",
  };
}
