import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { splitSentences } from "../text.js";
import { firstDate, lastLifeDate } from "./compose-choice.js";
import { type FactQuestion, parseFactQuestion, type Relation } from "./fact-question.js";
import { COURTESY_TITLES, NOBLE_TITLES } from "./name-affixes.js";
import { CAP, CUES, MAKER_CUES, NAME, PARTICLE } from "./person-fact-cues.js";
import { placeOf } from "./read-place-fact.js";

/**
 * Reading a life fact or a work's maker from the subject's own passage (titled with it, or opening
 * with its name), by the grammar such passages use: a life's dates and places in the opening
 * parenthesis "(6 April 1920 in A – 19 December 1997 in B)", "born … in A", "died … in B", "son
 * of A and B", "his father A", "married A", "educated at A", "taught at A", "directed by A", the
 * nationality word of the first sentence. Null when the subject has no passage here or no cue
 * fits: the general reader reads then. Pure.
 */
export interface PersonFact {
  answer: string;
  sid: string;
  sentence: string;
  relation: Relation;
}

// A place keeps its region: "Oklahoma City, Oklahoma", "Glen Cove, Long Island, New York".
const PLACE = `${CAP}(?:\\s+(?:${PARTICLE}\\s+)*${CAP})*(?:,\\s+${CAP}(?:\\s+(?:${PARTICLE}\\s+)*${CAP})*){0,2}`;
// Titles before a name ("King Norodom Suramarit", "Emperor Lothair I") are not part of it.
const HONORIFIC = new RegExp(`^(?:${NOBLE_TITLES}|${COURTESY_TITLES})\\s+(?=\\p{Lu})`, "u");
// A nationality word or a sentence's opening pronoun is no name.
const DEMONYM = /^(?:[\p{Lu}][\p{L}]+-)*[\p{Lu}][\p{L}]*(?:an|ian|ese|ish|sh|ch|i|ic|ine|ean|ek|ss)$/u;
const ADJECTIVE_NEXT =
  /^\s+(?!(?:and|or|in|on|at|of|who|whom|which|was|is|from|for|with|until|to|by|as|during|after|before|had|has|were|the|a|an)\b)[\p{Ll}]/u;
// "the Earl of Portsmouth" is a title; the person holding it is named elsewhere ("John Wallop, 2nd Earl").
const TITLE_ONLY =
  /^(?:Earl|Duke|Count|Countess|Duchess|King|Queen|Lord|Baron|Baroness|Marquess|Marquis|Viscount|Prince|Princess|Emperor|Empress|Bishop|Archbishop)\s+of\b/;
// A name followed by a noun and another name ("Manchester United goalkeeper Peter …", "… and
// Danish international goalkeeper Peter …") describes the name that ends the phrase.
const MODIFIER_NEXT =
  /^\s+(?:and\s+(?:[\p{Lu}][\p{L}]+\s+)*)?(?:(?!(?:and|or|in|on|at|of|who|whom|which|was|is|from|for|with|until|to|by|as|during|after|before|had|has|were|the|a|an|his|her|their|its)\b)[\p{Ll}][\p{L}-]*\s+){1,3}[\p{Lu}]/u;
const KIN: ReadonlySet<Relation> = new Set(["father", "mother", "spouse", "child"]);
const NOT_NAME = /^(?:The|He|She|His|Her|They|Their|It|In|On|At|A|An|This|That)$/;
/** The subject's own passages: the heading names it, or the text opens with it. */
export function ownPassages(evidence: readonly Evidence[], subject: string): Evidence[] {
  const s = subject.toLowerCase();
  return evidence.filter((e) => {
    if (e.kind && e.kind !== "passage") return false;
    const head = (e.heading_path.at(-1) ?? "").toLowerCase();
    return (
      head === s ||
      head.startsWith(`${s} (`) ||
      e.text
        .slice(0, s.length + 12)
        .toLowerCase()
        .includes(s)
    );
  });
}

/**
 * The first acceptable name right after one of the cues in a text, with its position: up to four
 * words may stand between ("the writer", "the Puerto Rican actress"), a nationality word or an
 * opening pronoun is never the name.
 */
function nameAfter(
  text: string,
  cues: readonly string[],
  pattern = NAME,
  /** Kin and spouses: a name that only describes the next one ("Ruvian goalkeeper Pet") is passed over. */
  describedKin = false,
): { name: string; at: number } | null {
  let best: { name: string; at: number } | null = null;
  const between = pattern === NAME ? /^(?:[\p{L}-]+\s+){0,4}$/u : /^$/;
  for (const cue of cues) {
    for (const m of text.matchAll(new RegExp(cue, "gu"))) {
      const from = (m.index ?? 0) + m[0].length;
      const window = text.slice(from, from + 100);
      // Names that only modify the noun phrase ("former Manchester United and Danish goalkeeper
      // Peter Schmeichel") are passed over; the words between count from after them.
      let start = 0;
      const found = [...window.matchAll(new RegExp(pattern, "gu"))].find((n) => {
        const name = pattern === NAME ? n[0].replace(HONORIFIC, "") : n[0];
        // "the Puerto Rican actress Mapy Cortés": a nationality word before a noun describes.
        const end = (n.index ?? 0) + n[0].length;
        const after = window.slice(end);
        const adjective =
          DEMONYM.test(name.split(/\s+/).at(-1) ?? "") && (!name.includes(" ") || ADJECTIVE_NEXT.test(after));
        const fits = between.test(
          start > 0 ? window.slice(start, n.index).trimStart() : window.slice(0, n.index),
        );
        if (fits && describedKin && MODIFIER_NEXT.test(after)) {
          start = end + (after.match(/^\s+and\s+/)?.[0].length ?? 0);
          return false;
        }
        return fits && !NOT_NAME.test(name) && !adjective && !TITLE_ONLY.test(name);
      });
      if (!found) continue;
      const at = from + (found.index ?? 0);
      if (!best || at < best.at)
        best = {
          name: (pattern === NAME ? found[0].replace(HONORIFIC, "") : found[0]).replace(/[,.]+$/, ""),
          at,
        };
      break;
    }
  }
  return best;
}

/** The opening parenthesis of a life: "(born 7 November 1959 in Gram, Denmark)". */
const opening = (text: string) => text.slice(0, 250).match(/\(([^()]{4,160})\)/)?.[1] ?? "";

function readText(fact: FactQuestion, text: string): { answer: string; at: number } | null {
  const first = splitSentences(text)[0] ?? text;
  // From the text, not the first sentence: "(d. 20 March 851)" would end a sentence at "d.".
  const life = opening(text);
  switch (fact.relation) {
    case "birthdate": {
      if (/^\s*(?:died|d\.|–|-)/.test(life)) return null;
      const d = firstDate(life);
      return d ? { answer: d.text, at: text.indexOf(d.text) } : null;
    }
    case "deathdate": {
      const died = life.match(/^\s*(?:died|d\.)\s*(.+)$/);
      const d = died?.[1] ? firstDate(died[1]) : lastLifeDate(first);
      return d ? { answer: d.text, at: text.indexOf(d.text) } : null;
    }
    case "birthplace":
    case "deathplace": {
      // "(Gotha, 9 July 1566 – Eisenach, 23 October 1638)": the place before each date.
      const pair = life.match(/^\s*([\p{Lu}][^,–\d]{1,40}),\s*[^–]*\d[^–]*–\s*([\p{Lu}][^,–\d]{1,40}),/u);
      const fromPair = fact.relation === "birthplace" ? pair?.[1] : pair?.[2];
      if (fromPair) return { answer: fromPair.trim(), at: text.indexOf(fromPair) };
      // "(6 April 1920 in Winnetka, Illinois – …)": the place after the first date.
      const inLife =
        fact.relation === "birthplace" ? nameAfter(life, ["^[^–]*?\\d{3,4}\\s+in\\s+"], PLACE) : null;
      if (inLife) return { answer: inLife.name, at: text.indexOf(inLife.name) };
      return asAnswer(nameAfter(text, CUES[fact.relation], PLACE));
    }
    case "cause": {
      const m = text.match(
        /\b(?:died\s+(?:[^.;]{0,40}?\s)?(?:of|from)|diagnosed\s+with|succumbed\s+to)\s+((?:an?\s+)?[\p{Ll}][\p{L}-]*(?:\s+(?!in\b|at\b|on\b|after\b|while\b|and\b|at\b|aged?\b)[\p{Ll}][\p{L}-]*){0,3})/u,
      );
      const cause = m?.[1]?.replace(/^an?\s+/, "");
      return cause ? { answer: cause, at: text.indexOf(cause) } : null;
    }
    case "nationality": {
      const m = first.match(
        /\b(?:is|was|were|are)\s+(?:an?|the)\s+(?:[\p{Ll}\d-]+\s+)*?((?:[\p{Lu}][\p{L}]+-)*[\p{Lu}][\p{L}]+)\b/u,
      );
      const word = m?.[1];
      return word && DEMONYM.test(word) ? { answer: word, at: text.indexOf(word) } : null;
    }
    case "maker": {
      // Only what is said of the work itself: a sentence opening with an indefinite article brings
      // in another work ("A 1955 remake … was directed by B", "A later version by C").
      const cue = MAKER_CUES[fact.role ?? ""];
      const own = splitSentences(text)
        .filter((s) => !/^An?\s/.test(s))
        .join(" ");
      // "produced by one of its stars, Ann Roe": a lowercase description before the name, set off by a comma.
      const found = cue
        ? nameAfter(own, [`\\b(?:${cue})\\s+(?:\\p{Ll}[\\p{Ll}\\s'-]{0,40},\\s*(?=\\p{Lu}))?`])
        : null;
      return found ? { answer: found.name, at: text.indexOf(found.name) } : null;
    }
    case "located": {
      const where = placeOf(text, fact.role ?? "");
      return where ? { answer: where, at: text.indexOf(where) } : null;
    }
    default:
      return asAnswer(nameAfter(text, CUES[fact.relation], NAME, KIN.has(fact.relation)));
  }
}

function asAnswer(found: { name: string; at: number } | null): { answer: string; at: number } | null {
  return found ? { answer: found.name, at: found.at } : null;
}

/** The fact the question asks, read from its subject's own passage; null when none is stated. */
export function readPersonFact(question: string, evidence: readonly Evidence[]): PersonFact | null {
  const fact = parseFactQuestion(question);
  if (!fact || fact.subject.length < 2) return null;
  for (const e of ownPassages(evidence, fact.subject)) {
    const found = readText(fact, e.text);
    if (!found || found.answer.toLowerCase() === fact.subject.toLowerCase()) continue;
    const sentence =
      splitSentences(e.text).find((s) => s.includes(found.answer)) ?? splitSentences(e.text)[0] ?? e.text;
    return { answer: found.answer, sid: e.sid, sentence, relation: fact.relation };
  }
  return null;
}
