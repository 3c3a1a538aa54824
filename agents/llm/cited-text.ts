import { NOT_FOUND_RE } from "../answer/answer-language.js";
import type { AnswerSentence, Draft } from "../schemas.js";
import { splitSentences } from "../text.js";

/** A letter or digit in any script (`\w` is ASCII only and would drop Cyrillic sentences). */
const WORDY = /[\p{L}\p{N}]/u;

/** A model's free-text answer parsed into cited sentences, and what was dropped on the way. */
export interface ParsedAnswer {
  draft: Draft;
  dropped: number;
  said_not_found: boolean;
}

const CITED_RUN = /((?:\s*\[S\d+\])+)\s*([.!?])?/g;

/**
 * The generator's post-processing, pure: text before each run of [S#] markers is a cited span;
 * only the last sentence of a span is taken as cited (every sentence must carry its own marker),
 * cites must name evidence of the bundle, and sentences left without a valid cite are dropped.
 * The not-found phrase with no cited sentence makes the draft "not found".
 */
export function parseCitedAnswer(text: string, validSids: ReadonlySet<string>): ParsedAnswer {
  const sentences: AnswerSentence[] = [];
  let dropped = 0;
  let from = 0;
  for (const m of text.matchAll(CITED_RUN)) {
    const span = text.slice(from, m.index).trim();
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
    const body = last.replace(/^[\s.,;:!?-]+/, "");
    const end = /[.!?]$/.test(body) ? "" : (m[2] ?? ".");
    sentences.push({ text: `${body}${end}`, cites });
  }
  const rest = text.slice(from);
  dropped += splitSentences(rest).filter((p) => WORDY.test(p) && !NOT_FOUND_RE.test(p)).length;
  const said_not_found = NOT_FOUND_RE.test(text);
  const not_found = sentences.length === 0;
  return { draft: { sentences, not_found }, dropped, said_not_found };
}
