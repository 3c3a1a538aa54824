import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { escapeRegExp } from "../text.js";
import { says } from "./phrase-match.js";

/** A name for a document ("the RCAC Redpaper", "the 2021 annual report"): its document says it once. */
const DOCUMENT_WORD =
  /(?:paper|report|guide|manual|handbook|documentation|docs|book|article|specification|changelog|readme|filing)$/;

/**
 * Whether a name the question states is the document's own name, which its document need say only
 * once (not in the answer's passage): it ends on a word for a document, or on a short form that the
 * evidence spells out ("Technical Bulletin (TB)") and whose long form heads a section of the
 * answer's document ("PART 9—TECHNICAL BULLETINS"): "the revised X TB" is that document. Pure.
 */
export function namesDocument(name: string, evidence: readonly Evidence[], docId?: string): boolean {
  if (DOCUMENT_WORD.test(name)) return true;
  // Names are lower case here; the evidence writes the short form in capitals.
  const short = (name.split(/\s+/).at(-1) ?? "").toUpperCase();
  if (!/^\p{Lu}{2,6}$/u.test(short)) return false;
  const long = evidence.map((e) => longForm(e.text, short)).find((l) => l !== null);
  if (!long) return false;
  return evidence.some(
    (e) =>
      (docId === undefined || e.doc_id === docId) && e.heading_path.some((h) => says(h.toLowerCase(), long)),
  );
}

/** "… Technical Bulletin (TB) …" → "technical bulletin": the words before the bracket whose initials spell it. */
function longForm(text: string, short: string): string | null {
  const words = `(\\p{Lu}[\\p{L}-]*(?:\\s+\\p{Lu}[\\p{L}-]*){${short.length - 1}})`;
  const m = new RegExp(`${words}\\s*\\(${escapeRegExp(short)}\\)`, "u").exec(text);
  const phrase = m?.[1];
  if (!phrase) return null;
  const initials = phrase
    .split(/\s+/)
    .map((w) => w[0])
    .join("");
  return initials === short ? phrase.toLowerCase() : null;
}
