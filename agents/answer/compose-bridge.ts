import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { contentTerms } from "../text.js";
import { type AnswerCandidate, answerCandidates } from "./answer-candidates.js";
import type { ExpectedAnswer } from "./answer-type.js";
import { VALUES } from "./candidate-features.js";
import { COURTESY_TITLES, NOBLE_TITLES, OFFICE_TITLES } from "./name-affixes.js";
import { says } from "./phrase-match.js";
import type { QuestionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import { rankCandidates, type ScoredCandidate } from "./score-candidates.js";

/**
 * Reading across a hop inside the bundle. "Who was the first president of the association which
 * published Journal X?": the first reading finds the association (the bridge) in the passage about
 * Journal X; the answer sits in the bridge's own passage. When the question has a bridge shape and
 * the first answer is a name with a passage of its own, the reader reads that passage for the
 * question's relation, leaving the bridge out. At most `MAX_HOPS` hops. Pure.
 */
export const MAX_HOPS = 1;

// "the X which/that/who/where …", "the X of (film|song …) Name", "the director of Name".
const BRIDGE = new RegExp(
  [
    // "the association which published …", "the person who …"
    // (a question may open with it: "The football manager who …")
    "\\b(?:[Tt]he|[Aa]n?|[Ii]ts|[Hh]is|[Hh]er|[Tt]heir)\\s+(?:[\\p{L}-]+\\s+){0,3}?(?:which|that|who|whom|whose|where|when|in which|of which)\\b",
    // "the director of (film) Blood Street"
    '\\bthe\\s+(?:[\\p{L}-]+\\s+){0,2}?of\\s+(?:the\\s+)?(?:(?:film|song|album|book|novel|band|series|game|show|company|team|university|play|poem|magazine|newspaper)\\s+)?["“\\p{Lu}]',
    // "Lisbeth Palme's husband": a kin or role word after a possessive name
    "[\\p{Lu}][\\p{L}.,()\\d–\\s-]{0,60}?['’]s\\s+(?:paternal |maternal )?(?:father|mother|husband|wife|spouse|son|daughter|child|children|brother|sister|sibling|uncle|aunt|grandfather|grandmother|grandson|granddaughter|father-in-law|mother-in-law|nephew|niece|cousin|director|founder|author|owner|successor|predecessor)\\b",
  ].join("|"),
  "gu",
);

// A question not opening with its wh-word asks with its last one: "X is an album by which star?"
// The "which" there asks; it opens no clause about another thing.
const OPENS_ASKING =
  /^\s*(?:(?:in|on|at|for|by|from|to|of|with|during|since|after|before)\s+)?(?:who|whom|whose|what|which|when|where|why|how)\b/i;
const WH = /\b(?:who|whom|whose|what|which|when|where|how)\b/gi;

/** The first bridge clause of a question, or null. */
function bridgeClause(question: string): RegExpExecArray | null {
  const wh = OPENS_ASKING.test(question) ? -1 : ([...question.matchAll(WH)].at(-1)?.index ?? -1);
  for (const m of question.matchAll(BRIDGE)) {
    const end = m.index + m[0].length;
    // The clause's relative word is the question's own asking word: no bridge.
    if (wh >= 0 && m.index <= wh && wh < end) continue;
    return m;
  }
  return null;
}

// A question's "birth"/"death" is a passage's "born"/"died".
const SAID_AS: Readonly<Record<string, string[]>> = {
  birth: ["born"],
  death: ["die", "died"],
  born: ["birth"],
};

/** Content words of the question before its bridge clause. */
function outerTerms(question: string): string[] {
  const m = bridgeClause(question);
  if (!m) return [];
  const terms = contentTerms(question.slice(0, m.index));
  return [...new Set([...terms, ...terms.flatMap((t) => SAID_AS[t] ?? []).flatMap((w) => contentTerms(w))])];
}

/** Whether a question reaches its answer through another named thing. */
export function hasBridge(question: string): boolean {
  return bridgeClause(question) !== null;
}

// A title before a name ("King Oswin V", "Sir Jo Vale"): the passage may be headed by the name alone.
const HONORIFIC = new RegExp(`^(?:${NOBLE_TITLES}|${COURTESY_TITLES}|${OFFICE_TITLES})\\s+(?=\\S)`, "i");

/**
 * The passages about a name: it is their heading (subject), or their text opens with it; a name
 * with a title also by a heading that is exactly the name without it ("Oswin V" for "King Oswin V").
 */
export function passagesAbout(evidence: readonly Evidence[], name: string, except: string): Evidence[] {
  const n = name.toLowerCase();
  const untitled = HONORIFIC.test(name) ? n.replace(HONORIFIC, "") : null;
  return evidence.filter((e) => {
    const heading = (e.heading_path.at(-1) ?? "").toLowerCase();
    return (
      e.sid !== except &&
      (says(heading, n) || says(e.text.slice(0, n.length + 40).toLowerCase(), n) || heading === untitled)
    );
  });
}

// How far the hop's floor eases for a value (candidate-features.ts), which a bridge's own passage
// may state with few of the question's words.
const VALUE_EASE = 0.5;

/**
 * The answer one hop on from `bridge`, or null when the bridge has no passage of its own or
 * nothing there fits. The bridge itself and the question's own words are never the answer.
 */
export function nextHop(
  bridge: ScoredCandidate,
  expected: ExpectedAnswer,
  cues: QuestionCues,
  evidence: readonly Evidence[],
  minScore: number,
): ScoredCandidate | null {
  if (!bridge.span) return null;
  // Any other passage that names the bridge may state what the question asks of it.
  const b0 = bridge.span.toLowerCase();
  const own = passagesAbout(evidence, bridge.span, bridge.sid);
  const about =
    own.length > 0
      ? own
      : evidence.filter(
          (e) => e.sid !== bridge.sid && says(`${e.heading_path.join(" ")} ${e.text}`.toLowerCase(), b0),
        );
  if (about.length === 0) return null;
  const b = bridge.span.toLowerCase();
  const outer = outerTerms(cues.lower);
  const fresh = (c: AnswerCandidate) =>
    c.span !== null && !b.includes(c.span.toLowerCase()) && !c.span.toLowerCase().includes(b);
  // What the question asks of the bridge is its outer part ("Who was the first president of"; the
  // bridge itself is named in the hop's passage by construction); with no bridge clause, what it
  // asks beyond the passage that named the bridge ("… someone born in what year?" read past the
  // passage naming the illustrator: "born", "year").
  const read = new Set(
    evidence
      .filter((e) => e.sid === bridge.sid)
      .flatMap((e) => readerTerms(`${e.heading_path.join(" ")} ${e.text}`)),
  );
  const rest = cues.terms.filter((t) => !read.has(t));
  const asked = outer.length > 0 ? outer : rest;
  const hopCues: QuestionCues = { ...cues, names: [b], terms: asked.length > 0 ? asked : cues.terms };
  const ranked = rankCandidates(answerCandidates(expected, about), hopCues).filter(fresh);
  const best = ranked[0];
  // A value of the type asked, in the bridge's own passage, needs fewer of the question's words:
  // "Elm (9 May 1841 – 1907) was …" answers "born in which year" without saying "born".
  const valued = own.length > 0 && best?.type === expected.type && VALUES.has(expected.type);
  return best && best.score >= (valued ? minScore * VALUE_EASE : minScore) ? best : null;
}

/**
 * For a bridge question whose first answer (the bridge) has no passage of its own in the bundle:
 * the bridge and the query for the next hop ("Who was the first president of" + the bridge), so
 * retrieval can fetch that passage. Null when there is nothing to follow.
 */
export function bridgeQuery(
  question: string,
  bridge: Pick<ScoredCandidate, "span" | "sid"> | undefined,
  evidence: readonly Evidence[],
): { bridge: string; query: string } | null {
  const m = bridgeClause(question);
  if (!m || !bridge?.span || bridge.span.length < 3) return null;
  if (passagesAbout(evidence, bridge.span, bridge.sid).length > 0) return null;
  const outer = question
    .slice(0, m.index)
    .replace(/^(?:who|what|which|where|when|how|in|on|at)\b/i, "")
    .trim();
  return { bridge: bridge.span, query: `${outer} ${bridge.span}`.trim() };
}
