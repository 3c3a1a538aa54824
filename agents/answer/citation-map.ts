import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { AnswerCitation, Draft } from "../schemas.js";

/** One cited evidence → its public citation: chunk, uri, and `url#fragment` or PDF page + boxes. */
export function toAnswerCitation(e: Evidence): AnswerCitation {
  if (e.citation.kind === "pdf")
    return {
      S: e.sid,
      chunk_id: e.chunk_id,
      uri: e.citation.uri,
      page: e.citation.page,
      bbox: e.citation.bboxes,
      heading_path: e.heading_path,
    };
  const url = e.citation.url;
  return { S: e.sid, chunk_id: e.chunk_id, uri: url.split("#")[0] ?? url, url, heading_path: e.heading_path };
}

/** The citations map S# → location for the ids the draft actually cites, in S order. */
export function citationMap(draft: Draft, evidence: readonly Evidence[]): AnswerCitation[] {
  const cited = new Set(draft.sentences.flatMap((s) => s.cites));
  return evidence.filter((e) => cited.has(e.sid)).map(toAnswerCitation);
}
