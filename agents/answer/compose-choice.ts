import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { contentTerms } from "../text.js";
import { says } from "./phrase-match.js";

/**
 * The composer for a choice between two named things: "Which film came out first, A or B?",
 * "Who was born first out of A and B?", "Who is older, A or B?". Each option's date is read from
 * its own passage (the passage titled with it), or, when the question compares the options' people
 * ("the director who is older"), from the passage of the person its passage names for that role.
 * The earlier or later date wins. Pure.
 */
export interface Choice {
  options: [string, string];
  /** "min": first, earlier, older; "max": later, younger, more recent. */
  want: "min" | "max";
  /** A role the comparison goes through ("director"), or null for the options themselves. */
  role: string | null;
  /** Compare deaths ("died first"), not births or releases. */
  death: boolean;
}

const EARLY = /\b(?:first|earlier|earliest|older|oldest|sooner|before|predates?)\b/i;
const LATE = /\b(?:later|latest|last|younger|youngest|more recent(?:ly)?|newer|after)\b/i;
const ROLE = /\b(director|composer|performer|author|writer|producer|creator|founder|singer|artist)\b/i;
const ROLE_VERB: Record<string, string> = {
  director: "directed",
  composer: "composed",
  performer: "performed",
  author: "written",
  writer: "written",
  producer: "produced",
  creator: "created",
  founder: "founded",
  singer: "performed|sung",
  artist: "performed|recorded",
};

/** The two options and the direction of a choice question, or null when it is not one. */
export function parseChoice(question: string): Choice | null {
  const m =
    question.match(/,\s*(.+?)\s+or\s+(.+?)\s*\?$/) ??
    question.match(/\b(?:out of|between)\s+(.+?)\s+(?:and|or)\s+(.+?)\s*\?$/i);
  if (!m?.[1] || !m[2]) return null;
  const want = EARLY.test(question) ? "min" : LATE.test(question) ? "max" : null;
  if (!want) return null;
  const head = question.slice(0, m.index ?? 0);
  const role = head.match(ROLE)?.[1]?.toLowerCase() ?? null;
  return {
    options: [m[1].trim(), m[2].trim()],
    want,
    role,
    death: /\b(?:died|death|dies)\b/i.test(question),
  };
}

const MONTH =
  "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec";
const DATE = new RegExp(
  `\\b(\\d{1,2} (?:${MONTH}),? \\d{3,4}|(?:${MONTH}) \\d{1,2},? \\d{3,4}|(?:${MONTH}) \\d{3,4}|\\d{4})\\b`,
  "g",
);

/** A date as a sortable number (year + month/12 + day/365), from the first date a text states. */
export function firstDate(text: string): { text: string; value: number } | null {
  const m = text.match(DATE)?.[0];
  if (!m) return null;
  const year = Number(m.match(/\d{3,4}(?!.*\d{3,4})/)?.[0] ?? Number.NaN);
  if (!Number.isFinite(year)) return null;
  const month = MONTH.split("|").findIndex((name) => m.includes(name));
  const day = Number(m.match(/^\d{1,2}\b|\b\d{1,2},/)?.[0]?.replace(",", "") ?? 0);
  return { text: m, value: year + (month >= 0 ? (month % 12) / 12 : 0) + day / 365 };
}

/** The death date of a life "(3 May 1921 – 9 June 1990)": the second date of the first sentence. */
export function lastLifeDate(text: string): { text: string; value: number } | null {
  const first = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? text;
  const dates = first.match(DATE) ?? [];
  const second = dates[1];
  return second ? firstDate(second) : null;
}

const titled = (evidence: readonly Evidence[], name: string): Evidence | undefined => {
  const n = name.toLowerCase();
  return (
    evidence.find((e) => e.title.toLowerCase() === n || e.heading_path.some((h) => h.toLowerCase() === n)) ??
    evidence.find((e) => says(e.text.slice(0, n.length + 4).toLowerCase(), n))
  );
};

/** The option's dated passage: its own, or the one of the person its passage names for the role. */
function datedPassage(
  evidence: readonly Evidence[],
  option: string,
  role: string | null,
): Evidence | undefined {
  const own = titled(evidence, option);
  if (!own || !role) return own;
  const verb = ROLE_VERB[role] ?? role;
  const named = own.text.match(
    new RegExp(
      `(?:${verb}) by ([\\p{Lu}][\\p{L}'’-]*(?: (?:de |van |von )?[\\p{Lu}][\\p{L}.'’-]*\\p{L}){0,3})`,
      "u",
    ),
  )?.[1];
  return named ? titled(evidence, named) : undefined;
}

/** The chosen option with both dates and their passages cited, or null when a date is missing. */
export function composeChoice(choice: Choice, evidence: readonly Evidence[]): Draft | null {
  const read = choice.options.map((option) => {
    const e = datedPassage(evidence, option, choice.role);
    const date = e ? (choice.death ? lastLifeDate(e.text) : firstDate(e.text)) : null;
    return e && date ? { option, e, date } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.date.value === b.date.value) return null;
  const aWins = choice.want === "min" ? a.date.value < b.date.value : a.date.value > b.date.value;
  const [win, lose] = aWins ? [a, b] : [b, a];
  const whose = choice.role ? `the ${choice.role} of ` : "";
  return {
    sentences: [
      {
        text: `${win.option}: ${whose}${win.option} dates from ${win.date.text}, ${whose}${lose.option} from ${lose.date.text}.`,
        cites: [...new Set([win.e.sid, lose.e.sid])],
      },
    ],
    not_found: false,
    short_answer: win.option,
  };
}

/** "Are A and B (both) in the same country?", "Do both films A and B have directors from the same country?" */
export interface SameQuestion {
  options: [string, string];
  role: string | null;
}

export function parseSame(question: string): SameQuestion | null {
  if (
    !/\bsame (?:country|nationality|city|state|place|continent)\b|\bboth\b.*\b(?:from|of) the same\b/i.test(
      question,
    )
  )
    return null;
  const m =
    question.match(
      /^(?:are|were|is|was|do|does|did)\s+(?:both\s+)?(?:(?:the\s+)?(?:films?|movies?|songs?|albums?|bands?|people|persons?|players?),?\s+)?(.+?)\s+and\s+(.+?),?\s+(?:both\s+)?(?:located|from|of|in|have|had|born|citizens|situated|based|originated?)\b/i,
    ) ?? null;
  if (!m?.[1] || !m[2]) return null;
  const head = question.slice(0, question.indexOf(m[1]));
  const role = (question.match(ROLE)?.[1] ?? head.match(ROLE)?.[1])?.toLowerCase() ?? null;
  return { options: [clean(m[1]), clean(m[2])], role };
}

const clean = (s: string): string => s.replace(/^(?:films?|songs?|people|persons?|the)\s+/i, "").trim();

/** Where a passage places its subject: a nationality word, else the last capitalised name of its first sentence. */
export function placeOf(text: string): string | null {
  const first = text.split(/(?<=[.!?])\s+/)[0] ?? text;
  const demonym = first.match(
    /\b(?:is|was|are|were)\s+(?:an?|the)\s+(?:[\p{Ll}-]+\s+)*?([\p{Lu}][\p{L}]+(?:an|ian|ese|ish|ch|i|ic))\b/u,
  )?.[1];
  if (demonym) return demonym.toLowerCase();
  const names = [...first.replace(/\([^)]*\)/g, " ").matchAll(/[\p{Lu}][\p{L}'’-]+/gu)].map((m) => m[0]);
  return names.at(-1)?.toLowerCase() ?? null;
}

/** Yes when both options' passages place their subjects in the same place, else no; null when unread. */
export function composeSame(q: SameQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = datedPassage(evidence, option, q.role);
    const place = e ? placeOf(e.text) : null;
    return e && place ? { option, e, place } : null;
  });
  const [a, b] = read;
  if (!a || !b) return null;
  const same = a.place === b.place;
  return {
    sentences: [
      {
        text: `${same ? "Yes" : "No"}: ${a.option} is placed in ${cap(a.place)} and ${b.option} in ${cap(b.place)}.`,
        cites: [...new Set([a.e.sid, b.e.sid])],
      },
    ],
    not_found: false,
    short_answer: same ? "yes" : "no",
  };
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** "Are A and B both types of drinks?": the two options and what both are said to be. */
export interface BothQuestion {
  options: [string, string];
  /** The predicate's content words ("type", "drink"). */
  predicate: string[];
}

export function parseBoth(question: string): BothQuestion | null {
  const m = question.match(
    /^(?:are|were|is|was|do|does|did)\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?),?\s+both\s+(.+?)\s*\?$/i,
  );
  if (!m?.[1] || !m[2] || !m[3] || /\bsame\b/i.test(m[3])) return null;
  const predicate = contentTerms(m[3]).filter((t) => !/^(?:type|kind|form|sort)$/.test(t));
  return predicate.length > 0 ? { options: [clean(m[1]), clean(m[2])], predicate } : null;
}

/** Yes when each option's own passage states the predicate's words, else no; null when unread. */
export function composeBoth(q: BothQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = titled(evidence, option);
    if (!e) return null;
    const own = new Set(contentTerms(e.text));
    const share = q.predicate.filter((t) => own.has(t)).length / q.predicate.length;
    return { option, e, holds: share >= 0.5 };
  });
  const [a, b] = read;
  if (!a || !b) return null;
  const yes = a.holds && b.holds;
  const say = (x: typeof a) => `${x.option} ${x.holds ? "is" : "is not"} described so`;
  return {
    sentences: [
      {
        text: `${yes ? "Yes" : "No"}: ${say(a)}, and ${say(b)}.`,
        cites: [...new Set([a.e.sid, b.e.sid])],
      },
    ],
    not_found: false,
    short_answer: yes ? "yes" : "no",
  };
}
