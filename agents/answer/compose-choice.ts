import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { choiceOptions } from "./choice-options.js";
import { leadPassages } from "./lead-passages.js";
import { namedLife } from "./named-life.js";
import { ownPassage } from "./own-passage.js";
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
  /** Compare lengths of life ("who lived longer"). */
  lifespan?: boolean;
}

const EARLY = /\b(?:first|earlier|earliest|older|oldest|elder|eldest|sooner|before|predates?)\b/i;
const LONGER = /\blived (?:longer|the longest)\b|\blonger (?:life|lifespan)\b/i;
const LATE = /\b(?:later|latest|last|younger|youngest|more recent(?:ly)?|newer|after)\b/i;
// "directors of films A and B" asks of each film's director.
export const ROLE =
  /\b(director|composer|performer|author|writer|producer|creator|founder|singer|artist)s?\b/i;
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
  const m = choiceOptions(question);
  if (!m) return null;
  // "Who lived longer": the longer life, from birth to death.
  const lifespan = LONGER.test(question);
  const want = lifespan ? "max" : EARLY.test(question) ? "min" : LATE.test(question) ? "max" : null;
  if (!want) return null;
  const head = question.slice(0, m.index);
  const role = head.match(ROLE)?.[1]?.toLowerCase() ?? null;
  return {
    options: m.options,
    want,
    role,
    death: /\b(?:died|death|dies)\b/i.test(question),
    lifespan,
  };
}

/** Month names and their short forms, as an alternation for a RegExp. */
export const MONTH =
  "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec";
const DATE = new RegExp(
  `\\b(\\d{1,2} (?:${MONTH}),? \\d{3,4}|(?:${MONTH}) \\d{1,2},? \\d{3,4}|(?:${MONTH}) \\d{3,4}|\\d{4})\\b`,
  "g",
);

/**
 * A date as a sortable number (year + month/12 + day/365), from the first date a text states, with
 * the month it names (0–11, -1 for none).
 */
export function firstDate(text: string): { text: string; value: number; month: number } | null {
  const m = text.match(DATE)?.[0];
  if (!m) return null;
  const year = Number(m.match(/\d{3,4}(?!.*\d{3,4})/)?.[0] ?? Number.NaN);
  if (!Number.isFinite(year)) return null;
  const month = MONTH.split("|").findIndex((name) => m.includes(name));
  const day = Number(m.match(/^\d{1,2}\b|\b\d{1,2},/)?.[0]?.replace(",", "") ?? 0);
  return { text: m, value: year + (month >= 0 ? (month % 12) / 12 : 0) + day / 365, month: month % 12 };
}

/**
 * The death date of a life "(3 May 1921 – 9 June 1990)": the last date of the opening bracket
 * when it holds two (an old-style date "[O.S. 8 November]" or a missing dash in it), else the
 * second date of the first sentence.
 */
export function lastLifeDate(text: string): { text: string; value: number } | null {
  const bracket = text.slice(0, 400).match(/\(([^()]*)\)/)?.[1] ?? "";
  const life = bracket.match(DATE) ?? [];
  if (life.length >= 2) return firstDate(life.at(-1) ?? "");
  // splitSentences keeps initials ("Robert G. Springsteen (September 8, 1904 – …)") in the sentence.
  const first = splitSentences(text)[0] ?? text;
  const dates = first.match(DATE) ?? [];
  const second = dates[1];
  return second ? firstDate(second) : null;
}

/** The length of a life "(3 May 1921 – 9 June 1990)" in years, said as its two dates. */
export function lifeLength(text: string): { text: string; value: number } | null {
  // The opening words, not the first sentence: "– d. March 28, 2003" would end it early.
  const [born, died] = (text.slice(0, 200).match(DATE) ?? []).map((d) => firstDate(d));
  if (!born || !died || died.value <= born.value) return null;
  return { text: `${born.text} – ${died.text}`, value: died.value - born.value };
}

export const titled = (evidence: readonly Evidence[], name: string): Evidence | undefined => {
  const n = name.toLowerCase();
  const byTitle = evidence.filter(
    (e) => e.title.toLowerCase() === n || e.heading_path.some((h) => h.toLowerCase() === n),
  );
  // Of a titled article's chunks, its first holds the lead (a life's dates); ties keep rank order.
  const lead = byTitle.reduce<Evidence | undefined>(
    (a, e) => (!a || e.char_start < a.char_start ? e : a),
    undefined,
  );
  return lead ?? evidence.find((e) => says(e.text.slice(0, n.length + 4).toLowerCase(), n));
};

/** The option's dated passage: its own, or the one of the person its passage names for the role. */
export function datedPassage(
  evidence: readonly Evidence[],
  option: string,
  role: string | null,
  /** The person the hops already read for the role ("the director of A" → Y), when known. */
  person?: string,
): Evidence | undefined {
  const read = role && person ? titled(evidence, person) : undefined;
  if (read) return read;
  const own = titled(evidence, option) ?? ownPassage(evidence, option);
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
export function composeChoice(
  choice: Choice,
  evidence: readonly Evidence[],
  people: ReadonlyMap<string, string> = new Map(),
): Draft | null {
  const dateOf = (text: string) =>
    choice.lifespan ? lifeLength(text) : choice.death ? lastLifeDate(text) : firstDate(text);
  const read = choice.options.map((option) => {
    const own = datedPassage(evidence, option, choice.role, people.get(option));
    // The person compared may lead a passage under a fuller name ("Mary Ann Roe (born 1961)" for
    // "Ann Roe") while the passage under the short name states no date: the first passage led
    // by the name that states a date.
    const leads = choice.role ? [] : leadPassages(evidence, option);
    const e = [own, ...leads].find((x) => x && dateOf(x.text));
    const date = e ? dateOf(e.text) : null;
    if (e && date) return { option, e, date };
    // No passage of its own states a date: "… the artist Elm Varga (1883–1956) …" in another one.
    const named = choice.role || own ? null : namedLife(evidence, option);
    const life = named ? dateOf(named.bracket) : null;
    return named && life ? { option, e: named.e, date: life } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.date.value === b.date.value) return null;
  const aWins = choice.want === "min" ? a.date.value < b.date.value : a.date.value > b.date.value;
  const [win, lose] = aWins ? [a, b] : [b, a];
  const whose = choice.role ? `the ${choice.role} of ` : "";
  if (choice.lifespan)
    return {
      sentences: [
        {
          text: `${win.option}: ${win.option} lived ${win.date.text}, ${lose.option} ${lose.date.text}.`,
          cites: citesOf(evidence, [win, lose], choice.role),
        },
      ],
      not_found: false,
      short_answer: win.option,
    };
  return {
    sentences: [
      {
        text: `${win.option}: ${whose}${win.option} dates from ${win.date.text}, ${whose}${lose.option} from ${lose.date.text}.`,
        cites: citesOf(evidence, [win, lose], choice.role),
      },
    ],
    not_found: false,
    short_answer: win.option,
  };
}

/** The passages a comparison stands on: each person's, and with a role each option's own (naming the person). */
export function citesOf(
  evidence: readonly Evidence[],
  read: readonly { option: string; e: Evidence }[],
  role: string | null,
): string[] {
  const own = (option: string) => (role ? titled(evidence, option)?.sid : undefined);
  return [...new Set(read.flatMap((r) => [own(r.option), r.e.sid].filter((s): s is string => !!s)))];
}
