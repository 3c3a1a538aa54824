import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";

/**
 * The composer for "What topics does chapter 2 (the first chapter) cover?": a table of contents
 * in the evidence lists the chapter's sections right under its entry ("Chapter 1. Title … 1",
 * "1.1 Topic … 2", "1.2 Topic … 3"). The answer names the chapter and its sections one level
 * down, cited to the contents. Pure.
 */
const ASKS =
  /\b(?:topics?|subjects?|sections?|cover(?:s|ed)?|discuss(?:es|ed)?|contains?|includes?)\b|охватыва|темы|разделы/i;
const UNIT = "chapter|part|appendix|глав\\p{L}*|част\\p{L}*";
const NUMBERED = new RegExp(`\\b(?:${UNIT})\\s+(\\d{1,2})\\b`, "iu");
const ORDINALS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];
const ORDINALS_RU = ["перв", "втор", "трет", "четв", "пят", "шест", "седьм", "восьм", "девят", "десят"];
const ORDINAL = new RegExp(
  `\\b(${ORDINALS.join("|")})\\s+(?:${UNIT})\\b|(${ORDINALS_RU.join("|")})\\p{L}*\\s+(?:${UNIT})`,
  "iu",
);
/** A contents line ends in a leader and a page number: "1.2 Topic … 2", "Preface ..... xi". */
const LEADER = /\s*(?:…|\.{2,}|(?:\. ){2,})+\s*(?:\d{1,4}|[ivxlcdm]{1,6})\s*$/i;

/** The chapter number a question asks about, or null. */
export function askedChapter(question: string): number | null {
  if (!ASKS.test(question)) return null;
  const n = NUMBERED.exec(question);
  if (n) return Number(n[1]);
  const o = ORDINAL.exec(question);
  if (!o) return null;
  const i = o[1]
    ? ORDINALS.indexOf(o[1].toLowerCase())
    : ORDINALS_RU.findIndex((r) => o[2]?.toLowerCase().startsWith(r));
  return i >= 0 ? i + 1 : null;
}

export function composeContents(question: string, evidence: readonly Evidence[]): Draft | null {
  const n = askedChapter(question);
  if (n === null) return null;
  const entry = new RegExp(`^(?:(?:${UNIT})\\s+)?${n}(?:[.:)]|\\s)\\s*(\\S.*)$`, "iu");
  const child = new RegExp(`^${n}\\.\\d+\\s+(\\S.*)$`);
  for (const e of evidence) {
    const lines = e.text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.length > 0);
    if (lines.filter((l) => LEADER.test(l)).length < 4) continue;
    const at = lines.findIndex((l) => LEADER.test(l) && entry.test(l) && !/^\d+\.\d/.test(l));
    if (at < 0) continue;
    const title = (entry.exec(lines[at] ?? "")?.[1] ?? "").replace(LEADER, "");
    const topics: string[] = [];
    for (const l of lines.slice(at + 1)) {
      if (!LEADER.test(l) || !l.startsWith(`${n}.`)) break;
      const m = child.exec(l);
      if (m) topics.push(`${l.split(/\s/)[0]} ${(m[1] ?? "").replace(LEADER, "")}`);
    }
    if (topics.length === 0) continue;
    const text = `Chapter ${n}, "${title}", covers: ${topics.join("; ")}.`;
    return { sentences: [{ text, cites: [e.sid] }], not_found: false, short_answer: null };
  }
  return null;
}
