import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { MAX_QUESTION_CHARS } from "./choice-options.js";
import { ownPassage } from "./own-passage.js";
import { readerTerms } from "./reader-terms.js";

/** The two named things of a question about what they have in common. */
export interface CommonQuestion {
  options: [string, string];
}

// What a description answers: a trade or a kind, not a nationality, a genre or an award.
const ASKED = String.raw`(?:profession|occupation|job|trade|career|pursuit|role|vocation|(?:type|kind|sort|form) of \p{L}+)`;
const FORMS = [
  // "What (profession) do A and B (both) have in common?", "What did A and B share?"
  new RegExp(
    String.raw`^what\s+(?:${ASKED}\s+)?(?:do|does|did)\s+(?:both\s+)?(.+?)\s+and\s+(.+?)\s+(?:both\s+)?(?:have|had|share|shared)\b(?:\s+in\s+common)?\s*\?$`,
    "iu",
  ),
  // "What (occupation) is shared by (both) A and B?"
  new RegExp(
    String.raw`^what\s+(?:${ASKED}\s+)?(?:is|was|are|were)\s+shared\s+by\s+(?:both\s+)?(.+?)\s+and\s+(.+?)\s*\?$`,
    "iu",
  ),
  // "A and B are both (kinds of) what?", "A and B were both which type of X?"
  /^(.+?)\s+and\s+(.+?)\s+(?:are|were|is|was)\s+both\s+(?:(?:examples|types|kinds|forms|sorts)\s+of\s+)?(?:what|which(?:\s+(?:type|kind|sort|form)\s+of\s+\p{L}+)?)\s*\?$/iu,
  // "A and B share which profession?", "A and B have what in common?"
  new RegExp(
    String.raw`^(.+?)\s+and\s+(.+?)\s+(?:share|shared|have|had)\s+(?:what|which)(?:\s+${ASKED})?(?:\s+in\s+common)?\s*\?$`,
    "iu",
  ),
  // "What are both A and B?"
  /^what\s+(?:is|are|was|were)\s+both\s+(.+?)\s+and\s+(.+?)\s*\?$/iu,
];

/**
 * "What do A and B have in common?", "A and B are both what?", "What profession is shared by A
 * and B?": the two things; null for other questions, and for what a description does not answer
 * ("What nationality do A and B share?").
 */
export function parseCommon(question: string): CommonQuestion | null {
  const q = question.trim();
  if (q.length > MAX_QUESTION_CHARS) return null;
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
  // The opening only (its brackets' pattern is quadratic on an unclosed one).
  const first = (splitSentences(text.slice(0, 600))[0] ?? "").replace(/\([^)]*\)/g, " ");
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

// Heads that say nothing alone: "a type of pasta" and "a type of bread" share no kind.
const GENERIC = new Set(["type", "kind", "form", "sort", "part", "member", "one", "famili", "group", "seri"]);

/** The shared description, said in A's words: the words of A's item whose stems B's item has too. */
function shared(a: string, b: string): string | null {
  const bt = new Set(readerTerms(b));
  const words = a.split(/\s+/);
  const headA = readerTerms(words.at(-1) ?? "")[0];
  if (!headA || GENERIC.has(headA) || !bt.has(headA)) return null;
  // Modifiers both share stay ("film director"); the rest go ("American", "blues rock").
  const keep = words.filter((w) => readerTerms(w).some((t) => bt.has(t)));
  return keep.join(" ");
}

/** The description both openings share, both quoted and cited; null when they share none. */
export function composeCommon(q: CommonQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = ownPassage(evidence, option);
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
