import { join } from "node:path";
import type { ChunkNode } from "../domain/chunk.js";
import type { GraphEdge } from "../domain/graph-edge.js";
import { createEntityProcessor } from "../index/extract/entity-processor.js";
import { ingestPaths } from "../ingest/pipeline.js";
import { createReferenceProcessor } from "../ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG } from "../ingest/test-helpers.js";
import { fixtureDocument } from "../store/contract-fixture.js";
import type { GraphStore, StoreCounts } from "../store/graph-store.js";

/** Test data for the export tests: what breaks naive XML, Cypher and JSON writers. */
export const NASTY =
  `He said "hi" & 'bye' \\ C:\\temp\\new \\n (not a newline)\nline two\r\nCRLF\ttab ` +
  `</data></node><data key="d0">forged</data> ]]> <![CDATA[ x ]]> // not a comment; MATCH (n) DETACH DELETE n; ` +
  `\u0000nul \u0001soh \u001fus \u007fdel \u2028ls \u{1F680} lone:\uD800 é`;
export const NASTY_ID = `doc:1:s1:c"<&'>\`x`;

/**
 * A store with real documents (the Markdown samples and the 6-page PDF: pages, bboxes, tables,
 * cross-references, entities and their weighted edges), indexed without a model, plus the
 * contract fixture with one chunk and one edge carrying NASTY text and an id full of quotes.
 */
export async function exportTestStore(samples: string): Promise<GraphStore> {
  const store = openTempStore();
  await ingestPaths(
    store,
    [join(samples, "markdown"), join(samples, "pdf", "federal-register-2020-17221-p1-6.pdf")],
    { config: TEST_CONFIG, processors: [createReferenceProcessor(), createEntityProcessor()] },
  );
  const doc = fixtureDocument(1);
  const base = doc.nodes.find((n) => n.id === "doc:1:s1:c1") as ChunkNode;
  const nasty: ChunkNode = { ...base, id: NASTY_ID, chunk_id: NASTY_ID, text: NASTY, seq: 2 ** 40 };
  const link: GraphEdge = {
    src: "doc:1:s1:c1",
    type: "LINKS_TO",
    dst: NASTY_ID,
    section_id: "doc:1:s1",
    doc_id: "doc:1",
    props: { anchor_text: NASTY, position: 3, weight: 0.25 },
  };
  await store.write({ nodes: [...doc.nodes, nasty], edges: [...doc.edges, link] });
  return store;
}

export const totalNodes = (c: StoreCounts): number => c.nodes.reduce((s, r) => s + r.count, 0);
export const totalEdges = (c: StoreCounts): number => c.edges.reduce((s, r) => s + r.count, 0);

/** Counts by label (nodes) and type (edges), summed over documents. */
export function byKind(c: StoreCounts): { nodes: Record<string, number>; edges: Record<string, number> } {
  const nodes: Record<string, number> = {};
  const edges: Record<string, number> = {};
  for (const r of c.nodes) nodes[r.label] = (nodes[r.label] ?? 0) + r.count;
  for (const r of c.edges) edges[r.type] = (edges[r.type] ?? 0) + r.count;
  return { nodes, edges };
}
