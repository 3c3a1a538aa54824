import type { ContextBundle, Evidence } from "../../src/retrieval/context-bundle.js";

/** A small evidence record for unit tests (URL citation unless a page is given). */
export function evidence(
  sid: string,
  text: string,
  extra: Partial<Evidence> & { page?: number } = {},
): Evidence {
  const { page, ...rest } = extra;
  return {
    sid,
    chunk_id: `chk:${sid.toLowerCase()}`,
    section_id: `sec:${sid.toLowerCase()}`,
    doc_id: "doc:test",
    title: "Test doc",
    heading_path: ["Guide", sid],
    text,
    char_start: 0,
    char_end: text.length,
    score: 1,
    citation: page
      ? { kind: "pdf", uri: "file:///r.pdf", page, bboxes: [{ page, x0: 1, y0: 2, x1: 3, y1: 4 }] }
      : { kind: "url", url: `file:///guide.md#${sid.toLowerCase()}` },
    ...rest,
  };
}

/** An article's passage, titled (and headed) with the thing it is about. */
export const titledEvidence = (sid: string, title: string, text: string): Evidence =>
  evidence(sid, text, { title, heading_path: [title] });

export function bundle(question: string, ev: Evidence[]): ContextBundle {
  return { query: question, mode: "bm25", summaries: [], evidence: ev, token_count: 10, token_budget: 2000 };
}
