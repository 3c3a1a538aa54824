import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { AnswerSentence } from "../schemas.js";
import { splitSentences } from "../text.js";
import type { QuestionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";

/**
 * The composer for list and overview questions ("what are the main X", "what does Y include"):
 * their answer is the items of one passage, usually a bulleted list under a heading that names
 * what is asked. Picks the passage whose heading and text cover the question best, preferring
 * one that holds a list, and states its lead line and items in one cited sentence. Pure.
 */
export interface ListAnswer {
  sentences: AnswerSentence[];
  /** Share of the question's (weighted) terms the chosen passage's heading and text cover. */
  support: number;
}

const BULLET = /^\s*(?:[-*+•▪◦]|\d+[.)])\s+/;
const MAX_ITEMS = 8;

export function composeList(evidence: readonly Evidence[], cues: QuestionCues): ListAnswer | null {
  const w = (t: string) => cues.weights.get(t) ?? 1;
  const total = cues.terms.reduce((s, t) => s + w(t), 0) || 1;
  const share = (text: string) => {
    const has = new Set(readerTerms(text));
    return cues.terms.filter((t) => has.has(t)).reduce((s, t) => s + w(t), 0) / total;
  };
  let best: { e: Evidence; score: number; support: number; items: string[] } | undefined;
  const bullets = (text: string) => text.split("\n").filter((l) => BULLET.test(l));
  evidence.forEach((e, rank) => {
    // A list the chunker cut ("… a few specific causes:" then the bullets in the next chunks of
    // the section): the section's later passages in the bundle continue it.
    const items = [...bullets(e.text), ...continuation(evidence, e).flatMap((m) => bullets(m.text))];
    const heading = e.heading_path.join(" ");
    const support = share(`${heading} ${e.text}`);
    // The heading naming what is asked is the strongest sign of the list's home.
    const score = 0.5 * share(heading) + 0.35 * support + (items.length >= 2 ? 0.15 : 0) + 0.02 / (1 + rank);
    if (!best || score > best.score) best = { e, score, support, items };
  });
  if (!best) return null;
  const { e, items, support } = best;
  const cites = [
    e.sid,
    ...continuation(evidence, e)
      .filter((m) => bullets(m.text).length > 0)
      .map((m) => m.sid),
  ];
  const lines = splitSentences(e.text).filter((l) => !BULLET.test(l));
  const lead = lines.find((l) => /:\s*$/.test(l)) ?? lines[0] ?? "";
  if (items.length >= 2) {
    const listed = items.slice(0, MAX_ITEMS).map(item);
    const opener = /:\s*$/.test(lead)
      ? lead.replace(/\s*:\s*$/, ":")
      : `${e.heading_path.at(-1) ?? e.title}:`;
    return { sentences: [{ text: `${opener} ${listed.join("; ")}.`, cites }], support };
  }
  const statements = lines.filter((l) => l.split(/\s+/).length >= 5).slice(0, 3);
  if (statements.length === 0) return null;
  return { sentences: statements.map((text) => ({ text, cites: [e.sid] })), support };
}

/** The passages after `e` in its section, in document order (the rest of a cut list). */
function continuation(evidence: readonly Evidence[], e: Evidence): Evidence[] {
  return evidence
    .filter((x) => x.sid !== e.sid && x.section_id === e.section_id && x.char_start >= e.char_end - 1)
    .sort((a, b) => a.char_start - b.char_start);
}

/** A bullet's name: its text before a definition or a long tail ("X: what it is", "X, which ..."). */
function item(line: string): string {
  const text = line.replace(BULLET, "").trim();
  const head = text.split(/:\s|,\s+which\b|\s[-—–]\s/)[0] ?? text;
  const words = head.split(/\s+/);
  return (words.length > 12 ? `${words.slice(0, 12).join(" ")}…` : head).replace(/[.;]+$/, "");
}
