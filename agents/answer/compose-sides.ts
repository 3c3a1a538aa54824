import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { mentions, splitSentences } from "../text.js";
import { cellSentence } from "./answer-candidates.js";
import { readerTerms } from "./reader-terms.js";
import { isTableText, tableCells } from "./table-cells.js";
import { tableRows } from "./table-rows.js";

/**
 * The composer for "How do the default X differ between A and B?": each side is read from the
 * passage whose heading names it (and not the other side), the line there that says most about X,
 * the same row on both sides when both have it. The answer states both sides, each cited. Pure.
 */
const ASK = [
  /\bhow\s+(?:do|does|did)\s+(?:the\s+)?(.+?)\s+differ\s+between\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?)\s*\??$/i,
  /\bwhat\s+(?:is|are)\s+the\s+differences?\s+(?:in|of)\s+(?:the\s+)?(.+?)\s+between\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?)\s*\??$/i,
];

export interface Sides {
  topic: string;
  a: string;
  b: string;
}

/** The thing compared and its two sides; words after B's own ("… and B presets") are the topic's. */
export function parseSides(question: string): Sides | null {
  for (const re of ASK) {
    const m = re.exec(question.trim());
    if (!m) continue;
    const a = (m[2] ?? "").trim();
    const words = (m[3] ?? "").trim().split(/\s+/);
    const n = a.split(/\s+/).length;
    return { topic: `${m[1] ?? ""} ${words.slice(n).join(" ")}`.trim(), a, b: words.slice(0, n).join(" ") };
  }
  return null;
}

interface Line {
  sid: string;
  label: string;
  text: string;
  fit: number;
}

/** The passage lines of one side, best first by the topic's words (a row's label counts twice). */
function sideLines(
  side: string,
  other: string,
  topic: readonly string[],
  evidence: readonly Evidence[],
): Line[] {
  const out: Line[] = [];
  const hits = (text: string) => readerTerms(text).filter((t) => topic.includes(t)).length;
  for (const e of evidence) {
    const where = `${e.title} ${e.heading_path.join(" ")}`.toLowerCase();
    if (!mentions(where, side.toLowerCase()) || mentions(where, other.toLowerCase())) continue;
    const rows = isTableText(e.text)
      ? rowsOf(e.text)
      : e.text
          .split(/\n+/)
          .flatMap(splitSentences)
          .map((t) => ({ label: "", text: t }));
    for (const r of rows) {
      const fit = hits(r.text) + hits(r.label);
      if (fit > 0) out.push({ sid: e.sid, label: r.label, text: r.text, fit });
    }
  }
  return out.sort((x, y) => y.fit - x.fit);
}

/** Each row of a table: its statement ("Parameter: x; Options: …"), labelled by its first cell. */
function rowsOf(text: string): { label: string; text: string }[] {
  const numeric = tableCells(text).map((c) => ({
    label: c.row,
    text: cellSentence(c.row, c.column, c.value),
  }));
  const words = tableRows(text).map((r) => ({
    label: r.line.split("|")[0]?.trim() ?? "",
    text: r.statement,
  }));
  return [...words, ...numeric];
}

export function composeSides(question: string, evidence: readonly Evidence[]): Draft | null {
  const sides = parseSides(question);
  if (!sides) return null;
  const topic = readerTerms(sides.topic);
  const a = sideLines(sides.a, sides.b, topic, evidence)[0];
  const bLines = sideLines(sides.b, sides.a, topic, evidence);
  const b = bLines.find((l) => a?.label && l.label === a.label) ?? bLines[0];
  if (!a || !b || a.sid === b.sid) return null;
  const say = (side: string, l: Line) => ({
    text: `In ${side}: ${l.text.replace(/[.\s]+$/, "")}.`,
    cites: [l.sid],
  });
  return { sentences: [say(sides.a, a), say(sides.b, b)], not_found: false, short_answer: null };
}
