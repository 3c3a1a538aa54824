import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { choiceOptions, titled } from "./compose-choice.js";
import { leadPassages } from "./lead-passages.js";
import { readerTerms } from "./reader-terms.js";

/**
 * The composer for a choice by a trait: "Which director is an adviser to the studio, A or B?"
 * The answer is the option whose own passage states more of the question's words (its names
 * aside), quoted from that passage. Comparisons of degree ("more", "older", "higher") are
 * left alone: a passage that mentions the trait does not say which has more of it. Pure.
 */
const DEGREE =
  /\b(?:more|most|less|least|fewer|fewest|first|last|earlier|later|older|oldest|younger|youngest|higher|highest|lower|lowest|longer|longest|shorter|shortest|taller|tallest|bigger|biggest|larger|largest|smaller|smallest|greater|greatest|better|best|worse|worst|closer|closest|further|furthest|farther|farthest|newer|newest|before|after)\b/i;

export function composeTraitChoice(question: string, evidence: readonly Evidence[]): Draft | null {
  if (!/^\s*(?:which|who|whose|what)\b/i.test(question) || DEGREE.test(question)) return null;
  const m = choiceOptions(question);
  if (!m) return null;
  const named = new Set(m.options.flatMap((o) => readerTerms(o)));
  const trait = [...new Set(readerTerms(question))].filter((t) => !named.has(t));
  if (trait.length === 0) return null;
  const read = m.options.map((option) => {
    const e = titled(evidence, option) ?? leadPassages(evidence, option)[0];
    if (!e) return null;
    const own = new Set(readerTerms(e.text));
    return { option, e, held: trait.filter((t) => own.has(t)).length };
  });
  const [a, b] = read;
  if (!a || !b || a.e.sid === b.e.sid || a.held === b.held) return null;
  const win = a.held > b.held ? a : b;
  // The sentence of the winner's passage that states most of the trait.
  const best = splitSentences(win.e.text).reduce<{ text: string; held: number } | null>((top, text) => {
    const own = new Set(readerTerms(text));
    const held = trait.filter((t) => own.has(t)).length;
    return !top || held > top.held ? { text, held } : top;
  }, null);
  if (!best || best.held === 0) return null;
  return {
    sentences: [{ text: `${win.option}: ${best.text.trim()}`, cites: [win.e.sid] }],
    not_found: false,
    short_answer: win.option,
  };
}
