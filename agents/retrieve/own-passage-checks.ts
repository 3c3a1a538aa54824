import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { PlaceKind } from "../answer/answer-kind.js";
import { headingName } from "../answer/linked-answer.js";
import type { ScoredCandidate } from "../answer/score-candidates.js";

/**
 * What a bridge candidate's own passage says of it: that it is a place of the kind asked, or a
 * person. The checks read-bridge.ts breaks its candidates' ties with. Pure.
 */

// The nouns a place's own first sentence uses for its kind ("X is a sovereign state in …").
const KIND_NOUNS: Readonly<Record<PlaceKind, string | null>> = {
  country: "country|sovereign state|nation|republic|kingdom",
  state: "state|province",
  city: "city|town|village|municipality|capital",
  county: "county|parish",
  nationality: null,
};

/** Whether the passage headed by `name` says, in its first sentence, that it is a place of `kind`. */
export function callsItself(evidence: readonly Evidence[], name: string, kind: PlaceKind): boolean {
  const nouns = KIND_NOUNS[kind];
  if (!nouns) return false;
  // Up to four modifiers before the noun ("a landlocked sovereign state"), none a preposition or
  // article: "a town in the state of X" calls the town no state. A sovereign state is a country.
  const says = new RegExp(
    `^[^.]{0,200}?\\b(?:is|was)\\s+(?:a|an|the)\\s+(?:(?!${NOT_MODIFIER}\\b)[\\p{L}-]+\\s+){0,4}?(?<!sovereign\\s)(?:${nouns})\\b`,
    "u",
  );
  return ownPassageSays(evidence, name, (text) => says.test(text));
}

/**
 * Whether a passage headed by `name` says what `test` looks for. "Georgia (country)": the
 * heading's bracket tells pages of one name apart; the name is before it.
 */
function ownPassageSays(
  evidence: readonly Evidence[],
  name: string,
  test: (text: string) => boolean,
): boolean {
  return evidence.some((e) => headingName(e).trim() === name && test(e.text));
}

const NOT_MODIFIER = "(?:in|of|on|near|at|by|and|or|with|whose|which|that|the|a|an|to|from|for)";

/** Candidates this close to the reader's answer are a tie the reader could not break. */
const TIE = 0.02;

/**
 * "Who plays Mira Vance?": "Coastal Private Investigator" and "Lena Ward" score alike; of tied
 * candidates, one whose own passage speaks of a person ("(born …)", "she", "his") is the who.
 */
export function personOnTie(
  answer: string,
  ranked: readonly ScoredCandidate[],
  evidence: readonly Evidence[],
  fits: (span: string) => boolean,
): string | null {
  if (personPage(evidence, answer)) return null;
  const own = ranked.find((c) => c.span?.trim() === answer)?.score;
  if (own === undefined) return null;
  const tied = ranked.find(
    (c) =>
      c.span !== null && c.score >= own - TIE && fits(c.span.trim()) && personPage(evidence, c.span.trim()),
  );
  return tied?.span?.trim() ?? null;
}

/** Whether the passage headed by `name` opens as a person's: "(born …)", or he/she/his/her early on. */
function personPage(evidence: readonly Evidence[], name: string): boolean {
  return ownPassageSays(evidence, name, (text) =>
    /\(born\b|\b(?:he|she|his|her)\b/i.test(text.slice(0, 300)),
  );
}
