import { NOT_FOUND_RE } from "../answer/answer-language.js";
import type { AnswerSentence, Draft } from "../schemas.js";
import { escapeRegExp, splitSentences } from "../text.js";

/** A letter or digit in any script (`\w` is ASCII only and would drop Cyrillic sentences). */
const WORDY = /[\p{L}\p{N}]/u;

/** The direct answer and at most two supporting sentences (the generator's prompt contract). */
export const MAX_ANSWER_SENTENCES = 3;

/** A model's free-text answer parsed into cited sentences, and what was dropped on the way. */
export interface ParsedAnswer {
  draft: Draft;
  /** Sentences without a valid [S#] (or after a refusal). */
  dropped: number;
  /** Cited sentences past MAX_ANSWER_SENTENCES. */
  over_limit: number;
  said_not_found: boolean;
  /** The reply opened with the not-found sentence: not found, whatever follows. */
  refused: boolean;
  /** The text of the "Short answer:" line, unchecked (see groundedShortAnswer). */
  short_candidate: string | null;
}

const CITED_RUN = /((?:\s*\[S\d+\])+)\s*([.!?])?/g;
// The label in either language the answerer speaks; a model answering in Russian may translate it.
const SHORT_LINE = /^[ \t*]*(?:short answer|краткий ответ)[ \t*]*:[ \t*]*(.*)$/gimu;

/**
 * The generator's post-processing, pure: the "Short answer:" line is taken out; a reply opening
 * with the not-found sentence is a refusal; otherwise text before each run of [S#] markers is a
 * cited span, only the last sentence of a span is taken as cited (every sentence must carry its
 * own marker), cites must name evidence of the bundle, sentences left without a valid cite are
 * dropped, and at most MAX_ANSWER_SENTENCES are kept. No cited sentence left: "not found".
 */
export function parseCitedAnswer(text: string, validSids: ReadonlySet<string>): ParsedAnswer {
  const shortLines = [...text.matchAll(SHORT_LINE)];
  const short_candidate = shortLines.at(-1)?.[1]?.trim() || null;
  const body = text.replace(SHORT_LINE, "");
  const said_not_found = NOT_FOUND_RE.test(body);
  const wordy = splitSentences(body.replace(/\[S\d+\]/g, "")).filter((p) => WORDY.test(p));
  if (wordy[0] !== undefined && NOT_FOUND_RE.test(wordy[0])) {
    const dropped = wordy.filter((p) => !NOT_FOUND_RE.test(p)).length;
    const draft = { sentences: [], not_found: true, short_answer: null };
    return { draft, dropped, over_limit: 0, said_not_found, refused: true, short_candidate };
  }
  const sentences: AnswerSentence[] = [];
  let dropped = 0;
  let from = 0;
  for (const m of body.matchAll(CITED_RUN)) {
    const span = body.slice(from, m.index).trim();
    from = (m.index ?? 0) + m[0].length;
    const parts = splitSentences(span);
    const last = parts.pop();
    dropped += parts.filter((p) => WORDY.test(p)).length;
    if (!last || !WORDY.test(last)) continue;
    const cites = [...new Set([...(m[1] ?? "").matchAll(/S\d+/g)].map((c) => c[0]))].filter((s) =>
      validSids.has(s),
    );
    if (cites.length === 0) {
      dropped++;
      continue;
    }
    const clean = last.replace(/^[\s.,;:!?-]+/, "");
    const end = /[.!?]$/.test(clean) ? "" : (m[2] ?? ".");
    sentences.push({ text: `${clean}${end}`, cites });
  }
  dropped += splitSentences(body.slice(from)).filter((p) => WORDY.test(p) && !NOT_FOUND_RE.test(p)).length;
  const kept = sentences.slice(0, MAX_ANSWER_SENTENCES);
  const draft = { sentences: kept, not_found: kept.length === 0, short_answer: null };
  const over_limit = sentences.length - kept.length;
  return { draft, dropped, over_limit, said_not_found, refused: false, short_candidate };
}

/** Words a short answer may have: a span ("$8,420 million", "Boso of Provence"), not a sentence. */
const SHORT_MAX_WORDS = 10;

const squash = (s: string) => s.toLowerCase().replace(/\s+/gu, " ").trim();

/**
 * The short answer, kept only when it is a short span that a passage cited by the answer states
 * word for word (case and spacing aside); otherwise null. A weak model's label line can then
 * never put words in the answer that the documents do not hold. Pure.
 */
export function groundedShortAnswer(
  candidate: string | null,
  sentences: readonly AnswerSentence[],
  evidence: readonly { sid: string; text: string }[],
): string | null {
  if (!candidate) return null;
  const span = candidate
    .replace(/\[S\d+\]/g, "")
    .trim()
    .replace(/^["'«“*`]+|["'»”*`]+$/gu, "")
    .replace(/[.;,]+$/u, "")
    .trim();
  const words = span.split(/\s+/u).filter(Boolean).length;
  if (!WORDY.test(span) || words > SHORT_MAX_WORDS || NOT_FOUND_RE.test(span)) return null;
  const cited = new Set(sentences.flatMap((s) => s.cites));
  // Whole words only: "855" is not stated by "1855".
  const escaped = escapeRegExp(squash(span));
  const needle = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u");
  const stated = evidence.some((e) => cited.has(e.sid) && needle.test(squash(e.text)));
  return stated ? span : null;
}
