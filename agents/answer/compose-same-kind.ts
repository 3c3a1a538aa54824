import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { sharedCandidates } from "./compose-shared.js";
import { readerTerms } from "./reader-terms.js";
import { sentenceWith } from "./shared-phrases.js";

/**
 * "Are A and B the same kind of firm?": yes when both own passages call their subject one kind
 * of that noun in the same words ("a private equity firm"), no when each calls it a kind of it
 * in other words ("a venture capital firm"); null when either does not say. Pure.
 */
const FORM =
  /^(?:are|were|is|was)\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?)\s+(?:both\s+)?(?:the\s+)?same\s+(?:kind|type|sort|form)\s+of\s+([\p{L}-]+)\s*\??\s*$/iu;

export function composeSameKind(question: string, evidence: readonly Evidence[]): Draft | null {
  const m = FORM.exec(question.replace(/["“”]/g, "").trim());
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const head = readerTerms(m[3])[0];
  const read = sharedCandidates(`What kind of ${m[3]} are both ${m[1]} and ${m[2]}?`, evidence);
  if (!head || !read) return null;
  const best = read.candidates.find((c) => c.key.split(" ").includes(head));
  // "No" only when each passage says what kind of it its subject is.
  const says = [read.a, read.b].every((e) => readerTerms(e.text).includes(head));
  if (!best && !says) return null;
  const yes = !!best;
  // Each passage's sentence saying what kind of it its subject is.
  const said = (e: Evidence, key: string | undefined) =>
    (key ? sentenceWith(e.text, key) : undefined) ??
    splitSentences(e.text).find((s) => readerTerms(s).includes(head)) ??
    e.text;
  return {
    sentences: [
      { text: `${yes ? "Yes" : "No"}: ${said(read.a, best?.key).trim()}`, cites: [read.a.sid] },
      { text: said(read.b, best?.other).trim(), cites: [read.b.sid] },
    ],
    not_found: false,
    short_answer: yes ? "yes" : "no",
  };
}
