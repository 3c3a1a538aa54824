import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { choiceOptions, choiceQuestion, MAX_QUESTION_CHARS, optionPassage } from "./choice-options.js";
import { says } from "./phrase-match.js";
import { readerTerms } from "./reader-terms.js";
import type { ScoredCandidate } from "./score-candidates.js";

/**
 * The last resort of a choice between two named things that no comparison composer decided
 * (read-pair.ts): the answer is one of the two, never a third name. The reader's best-scored
 * sentence that is about exactly one option (in that option's own passage, or naming it and not
 * the other; with no own passages, holding most of its words) and states a word of what is asked decides,
 * and is cited; with no such sentence, nothing is answered. "What is the difference between A and
 * B?" asks for no choice. Pure.
 */
export function composeOptionChoice(
  question: string,
  evidence: readonly Evidence[],
  ranked: readonly ScoredCandidate[],
): Draft | null {
  const asked = choiceQuestion(question);
  if (!/^\s*(?:which|who|whose|what)\b/i.test(asked) || NO_CHOICE.test(asked)) return null;
  const options = resolvedOptions(asked, evidence) ?? namedOptions(asked);
  if (!options) return null;
  const [a, b] = options;
  // What is asked of them: the question's words, the options' names and the question words aside.
  const named = new Set([a.name, b.name].flatMap((n) => readerTerms(n)));
  const asks = new Set(readerTerms(asked).filter((t) => !named.has(t) && !ASKING.has(t)));
  const about = (c: ScoredCandidate): typeof a | null => {
    const text = c.context.toLowerCase();
    const [inA, inB] = [a, b].map(
      (o) => c.sid === o.e?.sid || says(text, o.name.toLowerCase()) || (!o.e && mostWords(c.context, o.name)),
    );
    return inA && !inB ? a : inB && !inA ? b : null;
  };
  for (const c of ranked) {
    const win = about(c);
    if (!win || !readerTerms(c.context).some((t) => asks.has(t))) continue;
    return {
      sentences: [{ text: `${win.name}: ${c.quote.trim()}`, cites: [c.sid] }],
      not_found: false,
      short_answer: win.name,
    };
  }
  return null;
}

type Resolved = { name: string; e: Evidence };

/**
 * The two options by name only, when neither heads a passage of its own ("the dwellings at Oak
 * Castle"): a sentence is about one when it holds most of that option's words.
 */
function namedOptions(
  asked: string,
): [{ name: string; e?: Evidence }, { name: string; e?: Evidence }] | null {
  const m = choiceOptions(asked);
  return m ? [{ name: m.options[0] }, { name: m.options[1] }] : null;
}

const mostWords = (context: string, name: string): boolean => {
  const want = readerTerms(name);
  const have = new Set(readerTerms(context));
  return want.length > 0 && want.filter((t) => have.has(t)).length / want.length >= 0.6;
};

const NO_CHOICE = /\b(?:differ|difference|differences|compare|comparison|versus|vs)\b/i;
const ASKING = new Set(readerTerms("which who whose what one two"));
// Options follow a comparison's word ("earlier Lewis's or Brown's"), never a preposition
// ("the CEO of Acme or Bolt", "run it on Windows or Linux": those name no choice).
const COMPARED =
  /\b(?:more|most|less|least|fewer|first|last|earlier|earliest|later|latest|older|oldest|younger|youngest|newer|newest|\p{L}+er|\p{L}+est)\b/iu;
const PREPOSITION = /^(?:of|on|in|at|for|with|to|from|by|about|into|under|over|the|a|an)$/i;

const YARDSTICK =
  /\b(?:compared (?:with|to)|than|versus|vs\.?|such as|like|including|e\.g\.)\s+[^,?]+?\s+or\s/i;

/**
 * The question's two options, each with its own passage; null unless both are found, in distinct
 * passages. When the wording gives no split ("Which genus has more species Ficus or Aloe?"), the
 * first option is the longest run of words (up to six) before the last " or " that heads a passage.
 * Options given as examples or yardsticks ("compared with A or B", "such as A or B") are no choice.
 */
export function resolvedOptions(
  question: string,
  evidence: readonly Evidence[],
): [Resolved, Resolved] | null {
  const both = (x: string, y: string): [Resolved, Resolved] | null => {
    const [a, b] = [optionPassage(evidence, x), optionPassage(evidence, y)];
    return a && b && a.e.sid !== b.e.sid ? [a, b] : null;
  };
  if (question.length > MAX_QUESTION_CHARS || YARDSTICK.test(question)) return null;
  const m = choiceOptions(question);
  const parsed = m ? both(m.options[0], m.options[1]) : null;
  if (parsed || !COMPARED.test(question)) return parsed;
  const at = question.lastIndexOf(" or ");
  if (at < 0) return null;
  const second = question.slice(at + 4).replace(/[?.\s]+$/, "");
  const words = question
    .slice(0, at)
    .replace(/[,:;]+$/, "")
    .split(/\s+/);
  for (let n = Math.min(6, words.length - 1); n >= 1; n--) {
    const found = both(words.slice(-n).join(" "), second);
    // The longest run that heads a passage is the option; after a preposition it is no choice.
    if (found) return PREPOSITION.test(words.at(-n - 1) ?? "") ? null : found;
  }
  return null;
}
