import { countryOfNationality, isCountry } from "../retrieve/demonyms.js";

/**
 * Reader step 1, finer: the kind of place a question asks for ("in what county", "what
 * nationality"), from the noun after its wh-word, and how well a candidate span fits that kind,
 * from the span's own shape. Pure.
 */
export type PlaceKind = "county" | "city" | "country" | "state" | "nationality";

// The wh-word, at most one adjective, then the kind noun, then a verb, a preposition or the end:
// followed by a noun ("which country music star", "which state law") it names no place.
const KIND =
  /\b(?:which|what)\s+(?:[\p{L}-]+\s+)??(county|city|town|country|state|province)(?=\s*[?,]|\s*$|\s+(?:is|was|are|were|do|does|did|has|had|have|in|of|on|at|to|where|that|which|whose|shares|borders|lies|located|situated|can|could|would|will|\p{Ll}+ed)\b)/iu;

/** The kind of place a question asks for, or undefined. */
export function placeKind(question: string): PlaceKind | undefined {
  if (/\bnationality\b|\bcountry of citizenship\b/i.test(question)) return "nationality";
  const noun = KIND.exec(question)?.[1]?.toLowerCase();
  if (!noun) return undefined;
  if (noun === "town") return "city";
  if (noun === "province") return "state";
  return noun as PlaceKind;
}

/** "Which country music star …", "which state law …": the kind word names a thing, not a place. */
export function kindWordModifies(question: string): boolean {
  return (
    /\b(?:which|what)\s+(?:country|county|city|state|region|town|place|location)\s+\p{Ll}{3,}/iu.test(
      question,
    ) && !KIND.test(question)
  );
}

/** A nationality word: "British", "Italian", "Japanese", "French", "Icelandic", "Thai". */
export const DEMONYM_WORD = /^[\p{Lu}][\p{Ll}]+(?:an|ian|ese|ish|ch|ic|i)$/u;

const STRICT_DEMONYM = /^[\p{Lu}][\p{Ll}]+(?:ian|ese|ish)$/u;

// Words that make a name an institution or a work, never a place of these kinds.
const NOT_A_PLACE =
  /\b(?:University|College|School|Institute|Academy|Company|Corporation|Inc|Ltd|Records|Church|Cathedral|Museum|Stadium|Arena|Airport|Station|Hospital|Hotel|Club|Team|Party|Army|Navy|War|Award|Awards|Festival|League|Conference|Association|Society|Council|Committee|Department|Ministry|Bank|Group|Series|Show|Film|Album|Song|River|Lake|Mountain|Mountains|Range|Park|Street|Road|Avenue|Bridge|Building|Tower|Mall|Center|Centre|Square|Fund|Foundation|Trust|Commission|Agency|Board|Press|Studios?|Network|Magazine|Journal|Newspaper)\b/;

/** An institution's or a work's name ("North Road College"): no city, state or country. */
export const institutionName = (span: string) => NOT_A_PLACE.test(span);

/**
 * How a span fits the kind asked: a county's name says "County" or "Parish"; a nationality is a
 * demonym; a city, state or country is no institution's name; a place asked with no kind is no
 * nationality. +0.12 for a fit, -0.15 for a miss.
 */
export function kindFit(span: string, kind: PlaceKind | undefined): number {
  const s = span.trim();
  // "Where did X die?" asks no kind, but a nationality word ("Canadian") still names no place.
  if (!kind) return STRICT_DEMONYM.test(s) || countryOfNationality(s) ? -0.15 : 0;
  if (kind === "nationality") return DEMONYM_WORD.test(s) ? 0.12 : -0.15;
  // "What country was X a citizen of?": a country's name fits, where "Ibsen Year" merely may.
  if (kind === "country" && isCountry(s)) return 0.12;
  // Only the unambiguous demonym endings: "-an", "-ch", "-ic", "-i" end places too (Japan, Munich).
  if (STRICT_DEMONYM.test(s)) return -0.15;
  // "Moroccan" for "in which city": a nationality word names no city, state or county ("-an" also
  // ends places, so the table says which words are nationalities); "which country" may take one.
  if (kind !== "country" && countryOfNationality(s)) return -0.15;
  if (NOT_A_PLACE.test(s)) return -0.15;
  const county = /\b(?:County|Parish|Borough|Shire)$/.test(s);
  if (kind === "county") return county ? 0.12 : -0.1;
  // "Beitbridge District", "Lara Municipality": a part of a state or country names itself so.
  const part = /\b(?:District|Municipality|Township|Village|Prefecture|Oblast|Subdistrict|Ward)$/.test(s);
  return county || (part && (kind === "country" || kind === "state")) ? -0.1 : 0;
}
