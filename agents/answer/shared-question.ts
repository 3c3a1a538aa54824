import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { MAX_QUESTION_CHARS, optionPassage } from "./choice-options.js";
import { readerTerms } from "./reader-terms.js";

/** What two named things share, as a question asks it. */
export interface SharedQuestion {
  /** What the shared value is: a nationality, a country, a month, a language, a name or a description. */
  asks: "nationality" | "country" | "month" | "language" | "name" | "description";
  /** The stem of the noun asked ("firm" in "what type of firm"), when there is one. */
  head?: string;
  /** Stems of the question's words past its wh-words: the shared phrase is read where they are. */
  terms: string[];
  /** The question with its quotes and runs of spaces taken out. */
  text: string;
}

// Two things said together: "both A and B", "A and B both", "A and B are …", "are A and B?",
// "what genre do A and B play?".
const CUE = /\bboth\b|\bshare[sd]?\b|\bin common\b|\beach\b/i;
const WH = /\b(?:what|which|who|whom|whose)\b/i;
// Nouns whose answer is a description, not a name ("what genre" → "gospel").
const DESCRIBED =
  /^(?:profession|occupation|job|trade|career|genre|sport|position|field|discipline|role|instrument|style|subject|medium|format|deals?|business|kind|type|sort|form|event|food|plant|animal|publication|holiday|firm|store|shop)s?$/i;
// Nouns a number, a date or a version answers.
const COUNTED =
  /^(?:years?|decades?|centur(?:y|ies)|dates?|days?|times?|versions?|releases?|numbers?|amounts?|sizes?|ages?|heights?|lengths?|populations?|percent(?:age)?s?|many|much)$/i;
// The wh-phrase's words end at a verb, a preposition or the question mark.
const PHRASE_END =
  /^(?:is|are|was|were|do|does|did|have|has|had|both|made|can|will|would|in|on|at|by|for|from|with|to|that|who|which|whose|and|\p{Ll}+ed)$/u;

/** The head noun of the question's "what/which …" phrase ("group" in "what type of musical group"). */
function headOf(q: string): string | undefined {
  const m = /\b(?:what|which|whose)\s+(.*)$/i.exec(q.replace(/[?.!]+$/, ""));
  if (!m?.[1]) return undefined;
  const words = m[1].replace(/^(?:\S+\s+)?(?:kinds?|types?|sorts?|forms?)\s+of\s+/i, "").split(" ");
  // "What do A and B both support?" names no noun asked.
  if (PHRASE_END.test(words[0] ?? "")) return undefined;
  const end = words.findIndex((w, i) => i > 0 && PHRASE_END.test(w));
  const phrase = words.slice(0, end < 0 ? Math.min(words.length, 4) : Math.min(end, 4));
  // "what genre of music": the genre is asked.
  const of = phrase.indexOf("of");
  const head = of > 0 && DESCRIBED.test(phrase[of - 1] ?? "") ? phrase[of - 1] : phrase.at(-1);
  return head && !PHRASE_END.test(head) ? head : undefined;
}

/**
 * A question asking what two named things share ("What nationality are both A and B?", "A and B
 * are both what kind of store?", "Which company made both A and B?"): what is asked and the
 * question's words; null for other questions (yes/no, choices with "or", one thing).
 */
export function parseShared(question: string): SharedQuestion | null {
  const q = question.replace(/["“”]/g, "").replace(/\s+/g, " ").trim();
  if (q.length > MAX_QUESTION_CHARS || !WH.test(q) || !/\s+and\s+/.test(q)) return null;
  if (/^(?:is|are|was|were|do|does|did|has|have|had)\b/i.test(q) || /\bor\b/i.test(q)) return null;
  const plural = /\b(?:are|were|do|did)\s+(?:both\s+)?\S.*?\s+and\s+|\s+and\s+\S.*?\s+(?:are|were)\b/i.test(
    q,
  );
  if (!CUE.test(q) && !plural) return null;
  const kindOf = /\b(?:what|which)\s+(?:\S+\s+)?(?:kinds?|types?|sorts?|forms?)\s+of\b/i.test(q);
  const head = headOf(q);
  // A number, a date or a version is read by other composers (compose-same-time.ts).
  if (COUNTED.test(head ?? "")) return null;
  const asks: SharedQuestion["asks"] = /\bnationalit/i.test(q)
    ? "nationality"
    : /\b(?:which|what)\s+country\b/i.test(q)
      ? "country"
      : /\b(?:what|which)\s+month\b/i.test(q)
        ? "month"
        : /\b(?:what|which)\s+languages?\b/i.test(q)
          ? "language"
          : /^(?:who|whom)\b|\bwhose\b/i.test(q) || (head && !kindOf && !DESCRIBED.test(head))
            ? "name"
            : "description";
  const terms = readerTerms(q.replace(/\b(?:what|which|who|whom|whose|both|kinds?|types?|sorts?)\b/gi, " "));
  return { asks, ...(head ? { head: readerTerms(head)[0] ?? head.toLowerCase() } : {}), terms, text: q };
}

/** One of the two things, as the question writes it, and its own passage. */
export interface PairSide {
  option: string;
  e: Evidence;
}

/** The two things "A and B" names, each with a passage of its own (longest runs first). */
export function sharedPair(q: string, evidence: readonly Evidence[]): [PairSide, PairSide] | null {
  const words = q.replace(/[?.!]+$/, "").split(" ");
  for (let i = 1; i < words.length - 1; i++) {
    if (words[i] !== "and") continue;
    for (let n = Math.min(8, i); n >= 1; n--) {
      const left = words
        .slice(i - n, i)
        .join(" ")
        .replace(/^(?:both|the)\s+/i, "")
        .replace(/,$/, "");
      const a = optionPassage(evidence, left);
      if (!a) continue;
      // The right one may follow a descriptor ("the Tom Hale song Elm Day"): its longest run first.
      for (let from = i + 1; from <= Math.min(i + 5, words.length - 1); from++)
        for (let m = Math.min(8, words.length - from); m >= 1; m--) {
          const right = words
            .slice(from, from + m)
            .join(" ")
            .replace(/[,;:]$/, "");
          const b = optionPassage(evidence, right);
          if (b && b.e.sid !== a.e.sid)
            return [
              { option: left, e: a.e },
              { option: right, e: b.e },
            ];
        }
    }
  }
  return null;
}
