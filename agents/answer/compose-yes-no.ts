import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { MAX_QUESTION_CHARS } from "./choice-options.js";
import { citesOf, datedPassage, ROLE } from "./compose-choice.js";
import { readPersonFact } from "./read-person-fact.js";

/**
 * Yes/no questions about two named things, answered from each one's own passage: whether they
 * share a place ("Are A and B in the same country?"); whether both are something is
 * compose-both.ts. Pure.
 */

/** "Are A and B (both) in the same country?", "Do both films A and B have directors from the same country?" */
export interface SameQuestion {
  options: [string, string];
  role: string | null;
  /** "born in the same place": birthplaces are compared, not nationalities. */
  born?: boolean;
}

export function parseSame(asked: string): SameQuestion | null {
  // The patterns are polynomial in the length: questions are short.
  if (asked.length > MAX_QUESTION_CHARS) return null;
  // "Is A in the same state as B?" asks what "Are A and B in the same state?" does.
  const question = asked.replace(
    /^(is|was|are|were)\s+(.+?)\s+((?:located |based )?(?:in|from)\s+the\s+same\s+[\p{Ll}]+)\s+as\s+(.+?)\s*\?\s*$/iu,
    "$1 $2 and $4 $3?",
  );
  if (
    !/\bsame (?:country|nationality|city|state|place|continent)\b|\bboth\b.*\b(?:from|of) the same\b/i.test(
      question,
    )
  )
    return null;
  const m =
    question.match(
      /^(?:are|were|is|was|do|does|did)\s+(?:both\s+)?(?:(?:the\s+)?(?:films?|movies?|songs?|albums?|bands?|people|persons?|players?),?\s+)?(.+?)\s+and\s+(.+?),?\s+(?:both\s+)?(?:located|from|of|in|have|had|born|citizens|come|came|comes|hail(?:s|ed)?|situated|based|originated?|share[sd]?|made|built|held|hosted|produced|filmed|released|published|founded|established|formed|headquartered)\b/i,
    ) ?? null;
  if (!m?.[1] || !m[2]) return null;
  const head = question.slice(0, question.indexOf(m[1]));
  const role = (question.match(ROLE)?.[1] ?? head.match(ROLE)?.[1])?.toLowerCase() ?? null;
  const born = /\bborn\b/i.test(question) && /\bsame (?:place|city|town)\b/i.test(question);
  return { options: [clean(m[1]), dropCategory(clean(m[2]))], role, ...(born ? { born } : {}) };
}

// "directors of films A": the film is the option, its director the role.
export const clean = (s: string): string =>
  s
    .replace(/["“”]/g, "")
    .replace(new RegExp(`^(?:the\\s+)?${ROLE.source}\\s+of\\s+`, "i"), "")
    // "the scores for Oak Night": the thing of the named one is asked through it.
    .replace(
      /^(?:the\s+)?(?:scores?|soundtracks?|music|casts?|lyrics|theme songs?)\s+(?:of|for)\s+(?=\p{Lu})/iu,
      "",
    )
    .replace(/^(?:films?|songs?|albums?|movies?|people|persons?|the)\s+/i, "")
    .trim();

// "Are Ann Lee and Bo Chen singers of the same nationality?": in a "same" question a plural common
// noun after the second name is the category, not the name.
const dropCategory = (s: string): string => s.replace(/(\p{Lu}[\p{L}'’.-]*)\s+\p{Ll}+s$/u, "$1");

/** Where a passage places its subject: a nationality word, else the last capitalised name of its first sentence. */
export function placeOf(text: string): string | null {
  const first = splitSentences(text)[0] ?? text;
  // "was an American film", "is a 1990 Argentine-American drama film": a compound keeps its parts.
  const demonym = first.match(
    /\b(?:is|was|are|were)\s+(?:an?|the)\s+(?:[\p{Ll}\d-]+\s+)*?((?:[\p{Lu}][\p{L}]+(?:an|ian|ese|ish|ch|i|ic|ine)-)*[\p{Lu}][\p{L}]+(?:an|ian|ese|ish|ch|i|ic|ine))\b/u,
  )?.[1];
  if (demonym) return demonym;
  // "is a New Zealand illustrator": a country's name used as the nationality word.
  const country = first.match(
    /\b(?:is|was|are|were)\s+(?:an?|the)\s+(?:[\p{Ll}\d-]+\s+)*?((?:[\p{Lu}][\p{L}]+\s+)+[\p{Lu}][\p{L}]+)\s+[\p{Ll}]/u,
  )?.[1];
  if (country) return country;
  // "…, an island in St. Petersburg, Russia, bordered by …": the widest place is named last in its list.
  const names = [
    ...first
      .replace(/\([^)]*\)/g, " ")
      .matchAll(/[\p{Lu}][\p{L}'’-]+(?:\s+(?:of\s+)?[\p{Lu}][\p{L}'’-]+)*(?=\s*(?:[,.;]|$))/gu),
  ].map((m) => m[0]);
  return names.at(-1) ?? null;
}

/** Yes when both options' passages place their subjects in the same place, else no; null when unread. */
export function composeSame(
  q: SameQuestion,
  evidence: readonly Evidence[],
  people: ReadonlyMap<string, string> = new Map(),
): Draft | null {
  const read = q.options.map((option) => {
    const e = datedPassage(evidence, option, q.role, people.get(option));
    const name = e?.heading_path.at(-1) ?? option;
    const place = e
      ? q.born
        ? (readPersonFact(`Where was ${name} born?`, [e])?.answer ?? null)
        : placeOf(e.text)
      : null;
    // The subject's own name is not where it is.
    return e && place && !option.toLowerCase().includes(place.toLowerCase()) ? { option, e, place } : null;
  });
  const [a, b] = read;
  if (!a || !b) return null;
  // Compounds share a place when they share a part: "Argentine-American" and "American".
  const parts = (p: string) => new Set(p.toLowerCase().split("-"));
  const pa = parts(a.place);
  const same = [...parts(b.place)].some((x) => pa.has(x));
  const whose = q.role ? `the ${q.role} of ` : "";
  return {
    sentences: [
      {
        text: `${same ? "Yes" : "No"}: ${whose}${a.option}: ${a.place}; ${whose}${b.option}: ${b.place}.`,
        cites: citesOf(evidence, [a, b], q.role),
      },
    ],
    not_found: false,
    short_answer: same ? "yes" : "no",
  };
}
