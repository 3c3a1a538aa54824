import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { AnswerSentence } from "../schemas.js";

/** How far (in characters of the document) the next passage may start after the introducing one. */
const ADJACENT = 3;
/** The introduced line is quoted only while short: a command or a call, not a page of output. */
const MAX_LINE = 160;

/**
 * "… with the below command:" closes its passage, and what it introduces (the command, the call)
 * is the next chunk of the same section, cut off by the chunker at a code block. A sentence that
 * ends on that colon is completed with the next passage's first line and cites both. Pure.
 */
export function completeIntroductions(
  sentences: readonly AnswerSentence[],
  evidence: readonly Evidence[],
): AnswerSentence[] {
  return sentences.map((s) => {
    if (!s.text.trimEnd().endsWith(":")) return s;
    for (const sid of s.cites) {
      const own = evidence.find((e) => e.sid === sid);
      if (!own?.text.trimEnd().endsWith(s.text.trim())) continue;
      const next = evidence.find(
        (e) =>
          e.section_id === own.section_id &&
          e.doc_id === own.doc_id &&
          e.char_start >= own.char_end &&
          e.char_start - own.char_end <= ADJACENT,
      );
      const line = next?.text
        .split("\n")
        .find((l) => l.trim().length > 0)
        ?.trim();
      if (!next || !line || line.length > MAX_LINE) continue;
      return { text: `${s.text.trimEnd()} ${line}`, cites: [...s.cites, next.sid] };
    }
    return s;
  });
}
