import type { ChunkNode } from "../domain/chunk.js";
import type { DocumentNode } from "../domain/document.js";
import type { VectorRow, WriteBatch } from "./graph-store.js";

export const FILTER_CHUNKS_PER_DOC = 20;
export const FILTER_DIM = 4;

interface DocSpec {
  n: number;
  uri: string;
  kind: DocumentNode["kind"];
  published_at?: string;
  last_modified: string;
  paged: boolean;
  headings: (i: number) => string[];
  /** Out-of-filter documents repeat the query word and sit nearer the query vector: unfiltered top k is theirs. */
  strong: boolean;
}

export const FILTER_DOCS: readonly DocSpec[] = [
  {
    n: 1,
    uri: "file:///corpus/pdf/annual_report_2021.pdf",
    kind: "pdf",
    published_at: "2022-02-24",
    last_modified: "2024-01-10T08:00:00.000Z",
    paged: true,
    headings: (i) =>
      i < 10 ? ["ITEM 7. MANAGEMENT’S DISCUSSION", "Liquidity"] : ["Item 8. Financial Statements"],
    strong: false,
  },
  {
    n: 2,
    uri: "file:///corpus/md/guide.md",
    kind: "markdown",
    last_modified: "2025-06-01T00:00:00.000Z",
    paged: false,
    headings: (i) => (i < 10 ? ["Item 7A. Market risk"] : ["Item 70 Appendix", "Liquidity"]),
    strong: true,
  },
  {
    n: 3,
    uri: "file:///corpus/html/news/index.html",
    kind: "html",
    published_at: "2020-05-01T12:00:00Z",
    last_modified: "2023-03-03T00:00:00.000Z",
    paged: false,
    headings: () => ["Item 7 — overview"],
    strong: true,
  },
];

export const filterDocId = (n: number) => `fdoc:${n}`;

/** Three documents of 20 chunks, every chunk containing "widget" and carrying a "text" vector. */
export function filterFixture(): {
  batch: WriteBatch;
  vectors: VectorRow[];
  docs: DocumentNode[];
  chunks: ChunkNode[];
} {
  const docs: DocumentNode[] = [];
  const chunks: ChunkNode[] = [];
  const vectors: VectorRow[] = [];
  for (const spec of FILTER_DOCS) {
    const doc_id = filterDocId(spec.n);
    docs.push({
      label: "Document",
      id: doc_id,
      doc_id,
      uri: spec.uri,
      title: `Filter doc ${spec.n}`,
      kind: spec.kind,
      content_hash: `fh-${spec.n}`,
      last_modified: spec.last_modified,
      ...(spec.published_at ? { published_at: spec.published_at } : {}),
      pages: spec.paged ? FILTER_CHUNKS_PER_DOC : 0,
      warnings: [],
    });
    for (let i = 0; i < FILTER_CHUNKS_PER_DOC; i++) {
      const id = `${doc_id}:c${i}`;
      const text = spec.strong
        ? `widget widget widget part ${i}`
        : `The widget line ${i} is described in long plain words about many other things here.`;
      chunks.push({
        label: "Chunk",
        id,
        doc_id,
        chunk_id: id,
        section_id: `${doc_id}:s`,
        seq: i,
        text,
        content_type: "text",
        subheadings: [],
        heading_path: spec.headings(i),
        char_start: 0,
        char_end: text.length,
        ...(spec.paged ? { page_start: i + 1, page_end: i % 5 === 4 ? i + 2 : i + 1 } : {}),
        bboxes: [],
        token_count: text.split(" ").length,
        content_hash: `fc-${spec.n}-${i}`,
        status: "PROCESSED",
        retry_count: 0,
      });
      const near = spec.strong ? 0.1 : 1.5;
      vectors.push({ id, kind: "text", vector: new Float32Array([1, near, i / 100, spec.n / 50]) });
    }
  }
  return { batch: { nodes: [...docs, ...chunks] }, vectors, docs, chunks };
}
