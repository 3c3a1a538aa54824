import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { titled } from "./compose-choice.js";
import { leadPassages } from "./lead-passages.js";
import { readerTerms } from "./reader-terms.js";

/**
 * The composer for what two named things have in common: "What do A and B have in common?",
 * "A and B are both what?", "What profession is shared by A and B?". Each one's own passage
 * opens by saying what its subject is ("A is an American film director and producer"); the
 * answer is the description both openings share, its head noun first. Pure.
 */
export interface CommonQuestion {
  options: [string, string];
}

const MAX_CHARS = 300;
const FORMS = [
  // "What (profession) do A and B (both) have in common?", "What did A and B share?"
  /^what\s+(?:[\p{L} ]+?\s+)?(?:do|does|did)\s+(?:both\s+)?(.+?)\s+and\s+(.+?)\s+(?:both\s+)?(?:have|had|share|shared)\b(?:\s+in\s+common)?\s*\?$/iu,
  // "What (occupation) is shared by (both) A and B?"
  /^what\s+(?:[\p{L} ]+?\s+)?(?:is|was|are|were)\s+shared\s+by\s+(?:both\s+)?(.+?)\s+and\s+(.+?)\s*\?$/iu,
  // "A and B are both (kinds of) what?", "A and B were both which type of X?"
  /^(.+?)\s+and\s+(.+?)\s+(?:are|were|is|was)\s+both\s+(?:[\p{L} ]+?\s+)?(?:what|which)\b[\p{L} ]*\?$/iu,
  // "A and B share which X?", "A and B have what in common?"
  /^(.+?)\s+and\s+(.+?)\s+(?:share|shared|have|had)\s+(?:what|which)\b[\p{L} ]*\?$/iu,
  // "What are both A and B?"
  /^what\s+(?:[\p{L} ]+?\s+)?(?:is|are|was|were)\s+both\s+(.+?)\s+and\s+(.+?)\s*\?$/iu,
];

export function parseCommon(question: string): CommonQuestion | null {
  const q = question.trim();
  if (q.length > MAX_CHARS) return null;
  for (const form of FORMS) {
    const m = q.match(form);
    if (m?.[1] && m[2]) return { options: [strip(m[1]), strip(m[2])] };
  }
  return null;
}

const strip = (s: string): string => s.replace(/^(?:both|the)\s+/i, "").trim();

/** A description of the subject ("a genus of flowering plants") and a part it may share ("flowering plants"). */
export interface Description {
  full: string;
  part: string;
}

/** What a passage's opening says its subject is: "an American film director and producer" → its items. */
export function descriptions(text: string): Description[] {
  const first = (splitSentences(text)[0] ?? "").replace(/\([^)]*\)/g, " ");
  const m = first.match(/\b(?:is|was|are|were)\s+(?:an?|the|one of the)\s+(.+)$/i);
  if (!m?.[1]) return [];
  // The description ends where a clause, a participle ("made with") or a place starts.
  const head =
    m[1].split(
      /[.;:]|\s(?:who|which|that|whose|best|known|from|in|for|with|by|born|based|on|at)\s|\s(?:\p{Ll}+(?:ed|ing)|made)\s+(?:with|by|from|in|on|at|after|as|to|for)\s/iu,
    )[0] ?? "";
  return head
    .split(/,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+/)
    .map((s) => s.replace(/^(?:an?|the)\s+/i, "").trim())
    .filter((s) => s !== "")
    .flatMap((full) => {
      // "a family of cocktails" is a family and is of cocktails: either part may be shared.
      const parts = full.split(/\s+of\s+/).filter((p) => p !== "");
      return parts.map((part) => ({ full, part }));
    });
}

/** The shared description, said in A's words: the words of A's item whose stems B's item has too. */
function shared(a: string, b: string): string | null {
  const bt = new Set(readerTerms(b));
  const words = a.split(/\s+/);
  const headA = readerTerms(words.at(-1) ?? "")[0];
  if (!headA || !bt.has(headA)) return null;
  // Modifiers both share stay ("film director"); the rest go ("American", "blues rock").
  const keep = words.filter((w) => readerTerms(w).some((t) => bt.has(t)));
  return keep.join(" ");
}

export function composeCommon(q: CommonQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = titled(evidence, option) ?? leadPassages(evidence, option)[0];
    return e ? { option, e, items: descriptions(e.text) } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.e.sid === b.e.sid) return null;
  let best: { text: string; ia: string; ib: string } | null = null;
  for (const ia of a.items)
    for (const ib of b.items) {
      const text = shared(ia.part, ib.part);
      if (text && (!best || text.split(" ").length > best.text.split(" ").length))
        best = { text, ia: ia.full, ib: ib.full };
    }
  if (!best) return null;
  const article = (s: string) => (/^[aeiou]/i.test(s) ? "an" : "a");
  return {
    sentences: [
      {
        text: `${best.text}: ${a.option} is ${article(best.ia)} ${best.ia}; ${b.option} is ${article(best.ib)} ${best.ib}.`,
        cites: [a.e.sid, b.e.sid],
      },
    ],
    not_found: false,
    short_answer: best.text,
  };
}
