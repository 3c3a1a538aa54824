import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { contentTerms, splitSentences } from "../text.js";
import { bestSentence } from "./best-sentence.js";
import { broaderTerms, peopleOf } from "./broader-terms.js";
import { MAX_QUESTION_CHARS, optionPassage } from "./choice-options.js";
import { titled } from "./compose-choice.js";
import { clean } from "./compose-yes-no.js";

/**
 * "Are A and B both drinks?", "Is A, like B, a magazine?": yes when each one's own passage states
 * what both are said to be. Pure.
 */

/** "Are A and B both types of drinks?": the two options and what both are said to be. */
export interface BothQuestion {
  options: [string, string];
  /** The predicate's content words ("type", "drink"). */
  predicate: string[];
  /** Of those, the ones written capitalised ("Colorese", "NFL"): each must be held. */
  proper: string[];
  /** "both" unsaid ("Are A and B hardware companies?"): every predicate word must be held. */
  all?: boolean;
  /**
   * A bare noun phrase ("comedy films"): the words before its head. Two things compared are
   * mostly of one kind (both films), so the head is held by both; the modifiers tell them apart.
   */
  modifiers?: string[];
  /** "Is A, like B, a …?": what each is, read from its opening sentence, every predicate word held. */
  like?: boolean;
}

// A predicate of two to four words with no preposition or auxiliary: "American voice actors",
// not "located in X" or "work on X" (a verb's object is no modifier).
const NOUN_PHRASE =
  /^(?:an?\s+)?(?!(?:\S+\s+)*(?:of|in|on|at|by|for|from|with|to|as|about|into|than|been|being|had|has|have)\b)[\p{L}\d'’-]+(?:\s+[\p{L}\d'’-]+){1,3}$/iu;

// "not-for-profit" denies nothing.
const DENIED = /\b(?:not(?!-)|never|no longer)\b|n['’]t\b/i;

/** A sentence's words outside names: a title ("I Don't Know") or the option's name denies nothing. */
const ownWords = (sentence: string, option: string): string =>
  sentence
    .replace(/["“][^"“”]*["”]/gu, " ")
    .split(option)
    .join(" ");

export function parseBoth(question: string): BothQuestion | null {
  // Both patterns are polynomial in the length without a closing "?": questions are short.
  if (question.length > MAX_QUESTION_CHARS || !/\?\s*$/.test(question)) return null;
  // Quoted titles ('Are both "Oak" and "Elm" magazines?') are names like any other.
  // "Is A a play, as B is?" is "Is A a play, as is B?".
  const q = question
    .replace(/["“”]/g, "")
    .replace(/\s+\?\s*$/, "?")
    .replace(/,\s+as\s+((?:the\s+)?[^,]+?)\s+(is|was)\?$/i, ", as $2 $1?")
    // "A and B, are they both films?", "A and B: are both of them films?" is "Are A and B both films?".
    .replace(
      /^(.+?\s+and\s+[^,:]+?)\s*[,:]\s+(are|were)\s+(?:they\s+both|both\s+of\s+them|they\s+both\s+of\s+them)\s+(.+\?)$/i,
      "$2 $1 both $3",
    )
    // "Did Elm House publish books of both A and B?": what both are asked is the rest.
    .replace(/^(did|does|do)\s+([^,]+?)\s+both\s+(.+?\s+and\s+[^,]+?)\?$/i, "$1 $3 both $2?");
  const m =
    q.match(
      /^(?:are|were|is|was|do|does|did|have|has|had)\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?),?\s+both\s+(.+?)\s*\?$/i,
    ) ??
    // "Is A, like B, a magazine?"
    q.match(
      /^(?:is|was|are|were|does|did)\s+(?:the\s+)?([^,]+?),\s+like\s+(?:the\s+)?([^,]+?),\s+(.+?)\s*\?$/i,
    ) ??
    // "Is A as well as B a magazine?"
    q.match(
      /^(?:is|was|are|were)\s+(?:the\s+)?([^,]+?)\s+as well as\s+(?:the\s+)?([^,]+?)\s+(an?\s+[^,]+?)\s*\?$/i,
    ) ??
    // "Is A a magazine, as is B?", "Is A a magazine like B?": a kind with no preposition ("a sport
    // popular in countries like B" gives examples, not a second option).
    endForm(q) ??
    // "Do A and B have anything in common, such as being magazines?"
    q.match(
      /^(?:do|did|does)\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?)\s+have anything in common,?\s+(?:such as|like)\s+being\s+(.+?)\s*\?$/i,
    ) ??
    // "Are both A and B magazines?", "Were A and B American?": B is the run of capitalised words,
    // the predicate what follows; "both" may go unsaid.
    q.match(
      /^(?:[Aa]re|[Ww]ere|[Ii]s|[Ww]as|[Hh]ave|[Hh]as|[Hh]ad|[Dd]o|[Dd]id)\s+(?:both\s+)?(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?((?:[\p{Lu}\d][\p{L}\d.'’&-]*\s+(?:(?:of|the|de|and|for|&)\s+)?)*?[\p{Lu}\d][\p{L}\d.'’&-]*)\s+(\p{Ll}.*?)\s*\?$/u,
    );
  // "… share a profession?" asks whether one thing is the same for both, not whether both are it.
  if (!m?.[1] || !m[2] || !m[3] || /\bsame\b|^share/i.test(m[3])) return null;
  const said = peopleOf(m[3]);
  const predicate = contentTerms(said).filter((t) => !/^(?:type|kind|form|sort)$/.test(t));
  // Capitalised words and counted ones ("in his second year", "a 3rd season") are each held.
  const proper = contentTerms(
    [...(said.match(/\b\p{Lu}[\p{L}\d'’-]*/gu) ?? []), ...[...said.matchAll(ORDINAL)].map((o) => o[1])].join(
      " ",
    ),
  );
  if (predicate.length === 0) return null;
  const all = !/\b(?:both|like|as well as|as is|as was|in common)\b/i.test(q);
  // What each one is ("a chain of corner shops"), not what was done to it ("made by Acme").
  const like =
    /,\s+like\s|\sas well as\s|\slike\s[^,]+\?$|,?\sas (?:is|was)\s/i.test(q) &&
    !/\bboth\b/i.test(q) &&
    /^(?:an?|the)\s/i.test(m[3]);
  // "Did A and B both direct films?" asks a verb, whose words the passages inflect otherwise.
  const copular = /^(?:are|were|is|was)\b/i.test(q);
  const modifiers = copular && NOUN_PHRASE.test(m[3]) ? contentTerms(m[3]).slice(0, -1) : [];
  return {
    options: [clean(m[1]), clean(m[2])],
    predicate,
    proper,
    ...(all ? { all } : {}),
    ...(like ? { like } : {}),
    ...(modifiers.length > 0 ? { modifiers } : {}),
  };
}

/** Yes when each option's own passage states the predicate's words, else no; null when unread. */
export function composeBoth(q: BothQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = titled(evidence, option) ?? optionPassage(evidence, option)?.e;
    if (!e) return null;
    // Quoted: the sentence that says most of the predicate, else the opening (what it is instead).
    const said = bestSentence(e.text, q.predicate)?.text ?? e.text;
    // Half the predicate's words (all when "both" is unsaid), every proper word and modifier:
    // "Colorese poets" are not "Elmish poets". A sentence that denies it ("is not deprecated") does not hold it.
    // "Is A, like B, a chain of corner shops?" asks what A is: its opening says, with every word.
    const opening = q.like ? (splitSentences(e.text)[0] ?? e.text) : e.text;
    const words = broaderTerms(opening);
    const held = q.predicate.filter((t) => words.has(t)).length / q.predicate.length;
    const holds =
      held >= (q.all || q.like ? 1 : 0.5) &&
      [...q.proper, ...(q.modifiers ?? [])].every((t) => words.has(t) || spells(e.text, t)) &&
      !DENIED.test(ownWords(said, option));
    return { option, e, holds, said: said.trim() };
  });
  const [a, b] = read;
  if (!a || !b) return null;
  const yes = a.holds && b.holds;
  return {
    sentences: [
      { text: `${yes ? "Yes" : "No"}: ${a.said}`, cites: [a.e.sid] },
      { text: b.said, cites: [b.e.sid] },
    ],
    not_found: false,
    short_answer: yes ? "yes" : "no",
  };
}

const PREPOSITION = /\s(?:in|on|at|from|with|for|by|of|to|into|about)\s/i;

// An ordinal that counts a thing ("second year", "fifth season"), not one that orders an act ("first released").
const ORDINAL =
  /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))[\s-]+(?!\p{L}+(?:ed|ing)\b)\p{L}/giu;

/** Whether a text writes out the words an acronym stands for ("OIT": "Oak Invitation Tournament"). */
export function spells(text: string, term: string): boolean {
  const acronym = term.toUpperCase();
  if (!/^[A-Z]{2,6}$/.test(acronym)) return false;
  const all = text.split(/[\s,;:()"“”]+/);
  // "Department of Justice" is DOJ and "Oak Invitation Tournament" OIT: glue words counted or not.
  return [all, all.filter((w) => !/^(?:of|and|for|the|&)$/i.test(w))].some((words) =>
    words.some(
      (_, i) =>
        i + acronym.length <= words.length &&
        words
          .slice(i, i + acronym.length)
          .every(
            (w, j) =>
              w.charAt(0).toUpperCase() === acronym[j] &&
              (/^\p{Lu}/u.test(w) || /^(?:of|and|for|the)$/i.test(w)),
          ),
    ),
  );
}

function endForm(q: string): string[] | null {
  const m = q.match(
    /^(?:is|was)\s+(?:the\s+)?([^,]+?)\s+(an?\s+[^,]+?),?\s+(?:like|as (?:is|was))\s+(?:the\s+)?([^,]+?)\s*\?$/i,
  );
  if (!m?.[1] || !m[2] || !m[3] || PREPOSITION.test(` ${m[2]} `)) return null;
  // The options first, the predicate third, as the other forms give them.
  return [m[0], m[1], m[3], m[2]];
}
