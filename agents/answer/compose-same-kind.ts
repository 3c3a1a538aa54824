import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { MAX_QUESTION_CHARS } from "./choice-options.js";
import { sharedCandidates } from "./compose-shared.js";
import { readerTerms } from "./reader-terms.js";

const FORM =
  /^(?:are|were|is|was)\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?)\s+(?:both\s+)?(?:the\s+)?same\s+(?:kind|type|sort|form)\s+of\s+([\p{L}-]+)\s*\??\s*$/iu;

/**
 * "Are A and B the same kind of firm?": yes when both own passages say their subject is the same
 * kind of that noun ("is a private equity firm"), no when each says it is one in other words ("a
 * venture capital firm"); null when either does not say. Pure.
 */
export function composeSameKind(question: string, evidence: readonly Evidence[]): Draft | null {
  if (question.length > MAX_QUESTION_CHARS) return null;
  const m = FORM.exec(question.replace(/["“”]/g, "").trim());
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const head = readerTerms(m[3])[0];
  const read = sharedCandidates(`What kind of ${m[3]} are both ${m[1]} and ${m[2]}?`, evidence);
  if (!head || !read) return null;
  // What each is said to be, not a firm it merely mentions ("It advises a private equity firm").
  const best = read.candidates.find((c) => c.copular && c.key.split(" ").includes(head));
  const kindOf = (e: Evidence) => splitSentences(e.text).find((s) => readerTerms(s).includes(head));
  const [ka, kb] = [kindOf(read.a), kindOf(read.b)];
  // "No" only when each passage says what kind of it its subject is.
  if (!best && (!ka || !kb)) return null;
  const [sa, sb] = best ? read.sentences(best) : [ka ?? "", kb ?? ""];
  return {
    sentences: [
      { text: `${best ? "Yes" : "No"}: ${sa.trim()}`, cites: [read.a.sid] },
      { text: sb.trim(), cites: [read.b.sid] },
    ],
    not_found: false,
    short_answer: best ? "yes" : "no",
  };
}
