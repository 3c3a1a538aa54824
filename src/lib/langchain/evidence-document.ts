import { Document } from "@langchain/core/documents";
import { toAnswerCitation } from "../../../agents/answer/citation-map.js";
import type { Bbox } from "../../domain/bbox.js";
import {
  type Citation,
  type Evidence,
  type EvidenceKind,
  evidenceKind,
} from "../../retrieval/context-bundle.js";

/** What a retrieved Document carries besides its text: where to open it, and how it was found. */
export type EvidenceMetadata = {
  /** Where to open it: the `url#fragment`, or the PDF's uri (LangChain loaders' usual field). */
  source: string;
  /** The document's uri (the url without its fragment). */
  uri: string;
  /** HTML, Markdown, DOCX and text: the document's URL with the passage's fragment. */
  url?: string;
  /** PDF: the page (1-based) and the passage's boxes on it. */
  page?: number;
  bbox?: Bbox[];
  heading_path: string[];
  title: string;
  chunk_id: string;
  section_id: string;
  doc_id: string;
  /** The passage's id in its bundle ("S1", ...), as answers cite it. */
  sid: string;
  score: number;
  /** The retrieval mode that ranked it (bm25, dense, hybrid, graph, ppr). */
  mode: string;
  kind: EvidenceKind;
  char_start: number;
  char_end: number;
  /** Set when structure expansion brought the passage in. */
  expansion?: NonNullable<Evidence["expansion"]>;
  citation: Citation;
};

/** One evidence item of a ContextBundle as a LangChain Document (id = chunk id). */
export function evidenceDocument(e: Evidence, mode: string): Document<EvidenceMetadata> {
  const c = toAnswerCitation(e);
  const metadata: EvidenceMetadata = {
    source: c.url ?? c.uri,
    uri: c.uri,
    ...(c.url ? { url: c.url } : {}),
    ...(c.page !== undefined ? { page: c.page, bbox: c.bbox ?? [] } : {}),
    heading_path: e.heading_path,
    title: e.title,
    chunk_id: e.chunk_id,
    section_id: e.section_id,
    doc_id: e.doc_id,
    sid: e.sid,
    score: e.score,
    mode,
    kind: evidenceKind(e),
    char_start: e.char_start,
    char_end: e.char_end,
    ...(e.expansion ? { expansion: e.expansion } : {}),
    citation: e.citation,
  };
  return new Document({ pageContent: e.text, metadata, id: e.chunk_id });
}
