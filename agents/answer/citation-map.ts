import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { AnswerCitation, Draft } from "../schemas.js";
import { escapeRegExp } from "../text.js";

/** One cited evidence → its public citation: chunk, uri, and `url#fragment` or PDF page + boxes. */
export function toAnswerCitation(e: Evidence, sentence?: string): AnswerCitation {
  if (e.citation.kind === "pdf") {
    // A passage over a page break is cited at the page its sentence is on.
    const at = sentence && e.citation.pages ? locate(sentence, e.text) : -1;
    const page = at >= 0 ? e.citation.pages?.findLast((p) => p.at <= at) : undefined;
    return {
      S: e.sid,
      chunk_id: e.chunk_id,
      uri: e.citation.uri,
      page: page?.page ?? e.citation.page,
      bbox: page?.bboxes ?? e.citation.bboxes,
      heading_path: e.heading_path,
    };
  }
  const url = e.citation.url;
  return { S: e.sid, chunk_id: e.chunk_id, uri: url.split("#")[0] ?? url, url, heading_path: e.heading_path };
}

/** The citations map S# → location for the ids the draft actually cites, in S order. */
export function citationMap(draft: Draft, evidence: readonly Evidence[]): AnswerCitation[] {
  const cited = new Set(draft.sentences.flatMap((s) => s.cites));
  return evidence
    .filter((e) => cited.has(e.sid))
    .map((e) => toAnswerCitation(e, draft.sentences.find((s) => s.cites.includes(e.sid))?.text));
}

/**
 * Where a sentence's words sit in a passage: the first run of 8, then 5, then 3 of its words found
 * there in order (a quote, a shortened quote, a table row's label), else the first number of three
 * digits or more it states; -1 when none is found. What follows a colon is the answer's own part
 * ("… includes the following items: A; B; C"), so it is looked for first. Pure.
 */
export function locate(sentence: string, text: string): number {
  const colon = sentence.indexOf(": ");
  const tail = colon > 0 ? locateWords(sentence.slice(colon + 2), text) : -1;
  return tail >= 0 ? tail : locateWords(sentence, text);
}

function locateWords(sentence: string, text: string): number {
  const words = sentence
    .replace(/\[S\d+\]/g, " ")
    .split(/\s+/)
    .map((w) => w.replace(/^[("“'‘]+|[)"”'’.,;:!?]+$/g, ""))
    .filter((w) => w !== "");
  for (const size of [8, 5, 3]) {
    for (let i = 0; i + size <= words.length; i++) {
      const run = words
        .slice(i, i + size)
        .map(escapeRegExp)
        .join("[\\s\\W]+");
      const m = new RegExp(run, "i").exec(text);
      if (m) return m.index;
    }
  }
  for (const w of words) if (/\d{3}/.test(w) && text.includes(w)) return text.indexOf(w);
  return -1;
}
