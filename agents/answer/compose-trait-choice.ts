import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { bestSentence } from "./best-sentence.js";
import { choiceOptions, optionPassage } from "./choice-options.js";
import { readerTerms } from "./reader-terms.js";

// Comparisons of degree: a passage that mentions the trait does not say which has more of it.
const DEGREE =
  /\b(?:more|most|less|least|fewer|fewest|first|last|earlier|later|older|oldest|younger|youngest|higher|highest|lower|lowest|longer|longest|shorter|shortest|taller|tallest|bigger|biggest|larger|largest|smaller|smallest|greater|greatest|better|best|worse|worst|closer|closest|further|furthest|farther|farthest|newer|newest|before|after)\b/i;
// "Which film was not directed by X": the trait's words would pick the wrong one.
const NEGATION = /\b(?:not|never|neither|nor|no longer|without)\b|n['’]t\b/i;

/**
 * A choice by a trait: "Which director is an adviser to the studio, A or B?" The answer is the
 * option whose own passage has a sentence stating more of the question's words (its names aside)
 * than any sentence of the other's, quoted from that passage. Pure.
 */
export function composeTraitChoice(question: string, evidence: readonly Evidence[]): Draft | null {
  if (!/^\s*(?:which|who|whose|what)\b/i.test(question) || DEGREE.test(question) || NEGATION.test(question))
    return null;
  const m = choiceOptions(question);
  if (!m) return null;
  const named = new Set(m.options.flatMap((o) => readerTerms(o)));
  const trait = [...new Set(readerTerms(question))].filter((t) => !named.has(t));
  if (trait.length === 0) return null;
  const read = m.options.map((asked) => {
    const own = optionPassage(evidence, asked);
    if (!own) return null;
    const { name: option, e } = own;
    // Words of one sentence, not of the whole passage: "sold to a New York company" is not "in New York".
    const best = bestSentence(e.text, trait, readerTerms);
    return best ? { option, e, best } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.e.sid === b.e.sid || a.best.held === b.best.held) return null;
  const win = a.best.held > b.best.held ? a : b;
  if (win.best.held === 0) return null;
  return {
    sentences: [{ text: `${win.option}: ${win.best.text.trim()}`, cites: [win.e.sid] }],
    not_found: false,
    short_answer: win.option,
  };
}
