import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { mentions, splitSentences } from "../text.js";
import { readerTerms } from "./reader-terms.js";

/**
 * The composer for "How does A differ from B?" when one passage speaks of both: the sentence
 * about A that draws the contrast ("… has a similar design to our system, but will use a less
 * aggressive type speculation …"), after the sentence that says what A is, when that comes right
 * before it. A sentence only naming A ("A is a Lua VM in development") does not say how it differs. Pure.
 */
// The same question in other words: "What distinguishes A from B?", "What sets A apart from B?",
// "In what way is A different from B?", each with an optional source ("according to …") after B.
const TAIL = "\\s+from\\s+(.+?)(?:\\s+(?:according to|in|per)\\s+.*)?\\s*\\??$";
const ASKS = [
  "\\bhow\\s+(?:does|do|did|is|are|was)\\s+(.+?)\\s+differ(?:ent)?",
  "\\b(?:in\\s+)?what\\s+ways?\\s+(?:does|do|did|is|are|was)\\s+(.+?)\\s+differ(?:ent)?",
  "\\bwhat\\s+(?:distinguishes|distinguished|separates|sets)\\s+(.+?)(?:\\s+apart)?",
].map((head) => new RegExp(head + TAIL, "i"));
const CONTRAST =
  /\b(?:but|unlike|whereas|instead|rather than|in contrast|differs?|different from|less|more|than|while|however)\b/i;

export function parseContrast(question: string): { a: string; b: string } | null {
  const q = question.trim();
  const m = ASKS.map((re) => re.exec(q)).find((x) => x !== null);
  if (!m) return null;
  const clean = (s: string) => s.replace(/^(?:the|a|an)\s+/i, "").trim();
  return { a: clean(m[1] ?? ""), b: clean(m[2] ?? "") };
}

/** The name's distinctive word ("Pall's LuaJIT" → "luajit"): its longest word, possessives dropped. */
function keyWord(name: string): string {
  const words = name.replace(/['’]s\b/g, "").split(/\s+/);
  return (words.sort((x, y) => y.length - x.length)[0] ?? "").toLowerCase();
}

export function composeContrast(question: string, evidence: readonly Evidence[]): Draft | null {
  const sides = parseContrast(question);
  if (!sides) return null;
  const a = keyWord(sides.a);
  const asked = new Set(readerTerms(question));
  let best: { sid: string; before: string | null; text: string; fit: number } | null = null;
  for (const e of evidence) {
    const sentences = splitSentences(e.text);
    for (const [i, s] of sentences.entries()) {
      if (!mentions(s.toLowerCase(), a) || !CONTRAST.test(s)) continue;
      const fit = readerTerms(s).filter((t) => asked.has(t)).length;
      if (best && fit <= best.fit) continue;
      const prev = sentences[i - 1];
      best = { sid: e.sid, before: prev && mentions(prev.toLowerCase(), a) ? prev : null, text: s, fit };
    }
  }
  if (!best) return null;
  const sid = best.sid;
  const sentences = [...(best.before ? [best.before] : []), best.text].map((text) => ({
    text,
    cites: [sid],
  }));
  return { sentences, not_found: false, short_answer: null };
}
