import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { choiceOptions, choiceQuestion, optionPassage } from "./choice-options.js";
import { says } from "./phrase-match.js";
import { readerTerms } from "./reader-terms.js";

// Asking for one of two: "which"/"who", or "what" with a comparison ("What came first: A or B?");
// "What is Elm Star: Part I or Oak Night about?" offers no choice.
const CHOICE =
  /^\s*(?:which|who|whose)\b|^\s*what\b[^,:?]*\b(?:first|earlier|later|older|newer|more|less|fewer|longer|shorter|larger|smaller|higher|lower|further)\b/i;
// An option names a thing: a capital, a digit, a quote, or an article first.
const NAMED = /^(?:["“\p{Lu}\d]|(?:the|a|an)\s)/u;

/**
 * A choice between two named things ("Which castle is older, A or B?") is answered by one of them,
 * never a third name: when the reader's answer is neither option, the answer is the option whose
 * own passage holds the sentence the reader answered from (or the one that sentence names, not
 * the other), with that sentence as its support; with neither, nothing is answered. Pure.
 */
export function answerAsOption(question: string, draft: Draft, evidence: readonly Evidence[]): Draft {
  if (draft.not_found || !draft.short_answer) return draft;
  const asked = choiceQuestion(question);
  if (!CHOICE.test(asked)) return draft;
  const options = choiceOptions(asked)?.options;
  // Two named things: "…, compared with A or B?" names what the answer is set against, not a choice.
  if (!options?.every((o) => NAMED.test(o))) return draft;
  const said = readerTerms(draft.short_answer);
  // An answer within an option's words, or holding them all, is that option said another way
  // ("the 1953 team" for "1953 Elm Tech team"); sharing one word ("Varn-les-Bains" for "Château
  // de Varn") is not.
  const within = (a: readonly string[], b: readonly string[]) =>
    a.length > 0 && a.every((t) => b.includes(t));
  if (options.some((o) => within(said, readerTerms(o)) || within(readerTerms(o), said))) return draft;
  const first = draft.sentences[0];
  const home = evidence.find((e) => e.sid === first?.cites[0]);
  if (!first || !home) return draft;
  const owns = (o: string) =>
    optionPassage(evidence, o)?.e.sid === home.sid || says(first.text.toLowerCase(), o.toLowerCase());
  const [a, b] = options.map(owns);
  const win = a && !b ? options[0] : b && !a ? options[1] : null;
  if (!win)
    return {
      sentences: [],
      not_found: true,
      short_answer: null,
      refusal: `the answer read, ${draft.short_answer}, is neither of the two things the question asks between`,
    };
  return {
    sentences: [{ text: `${win}: ${first.text}`, cites: first.cites }],
    not_found: false,
    short_answer: win,
  };
}
