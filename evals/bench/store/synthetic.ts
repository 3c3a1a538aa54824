/**
 * The synthetic store of evals/bench/retrieval-bench.ts, for the store benchmark: the 2Wiki corpus
 * is ingested once (reference + entity processors), then copied with perturbed text (10% of words
 * dropped, 5% swapped) into as many copies as N chunks need. Every document-scoped id of copy r
 * gets "~r"; entities stay shared, so the phrase graph grows with the copies.
 *
 * One addition: 2Wiki has no section links (a single REFERS_TO), so section authority would be
 * PageRank over an empty graph. A passage naming another passage's TITLE entity gets a LINKS_TO
 * from its section to that passage's section (Wikipedia-style hyperlinks, within each copy).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadConfig } from "../../../src/config.js";
import type { ChunkNode } from "../../../src/domain/chunk.js";
import type { GraphEdge } from "../../../src/domain/graph-edge.js";
import { type GraphNode, NODE_LABELS } from "../../../src/domain/graph-node.js";
import type { Embedder } from "../../../src/index/embeddings/embedder.js";
import { createEntityProcessor, TITLE_WEIGHT } from "../../../src/index/extract/entity-processor.js";
import { ingestPaths } from "../../../src/ingest/pipeline.js";
import { createReferenceProcessor } from "../../../src/ingest/reference-processor.js";
import { SqliteGraphStore } from "../../../src/store/embedded/sqlite-store.js";
import { seededRandom } from "../../../src/store/embedded/synthetic-vectors.js";
import type { VectorRow } from "../../../src/store/graph-store.js";
import { perturber, scopedRewriter } from "./corpus-copy.js";

export interface CorpusCopy {
  nodes: GraphNode[];
  edges: GraphEdge[];
  chunks: ChunkNode[];
}

export interface SyntheticCorpus {
  /** Chunks of one full copy. */
  readonly chunksPerCopy: number;
  readonly summary: string;
  /** Copy r keeping its first `keepChunks` chunks (edges touching dropped chunks are left out). */
  copyOf(r: number, keepChunks: number): CorpusCopy;
  /** "text" and "heading" vectors of the chunks; seconds spent embedding are added to `embedMs`. */
  vectorsOf(chunks: readonly ChunkNode[]): Promise<VectorRow[]>;
  embedMs: number;
}

export async function loadCorpus(corpusPath: string, embedder: Embedder): Promise<SyntheticCorpus> {
  const dir = mkdtempSync(join(tmpdir(), "agr-sbench-base-"));
  const t0 = performance.now();
  const base = SqliteGraphStore.open(join(dir, "base.db"));
  try {
    await ingestPaths(base, [resolve(corpusPath)], {
      config: loadConfig(),
      processors: [createReferenceProcessor(), createEntityProcessor()],
    });
    const nodes = (await Promise.all(NODE_LABELS.map((label) => base.findNodes({ label })))).flat();
    const edges = await base.findEdges({});
    const ingestMs = performance.now() - t0;
    return makeCorpus(nodes, [...edges, ...hyperlinks(nodes, edges)], embedder, ingestMs, corpusPath);
  } finally {
    await base.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Section → section of the passage titled by an entity the section's passage names. */
function hyperlinks(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): GraphEdge[] {
  const sectionOf = new Map(
    nodes.flatMap((n) => (n.label === "Chunk" ? [[n.id, { section: n.section_id, doc: n.doc_id }]] : [])),
  );
  const titled = new Map<string, string>();
  for (const e of edges) {
    const s = sectionOf.get(e.dst);
    if (e.type === "MENTIONED_IN" && e.props.weight === TITLE_WEIGHT && s) titled.set(e.src, s.section);
  }
  const out = new Map<string, GraphEdge>();
  for (const e of edges) {
    const from = sectionOf.get(e.dst);
    const to = titled.get(e.src);
    if (e.type !== "MENTIONED_IN" || !from || !to || to === from.section) continue;
    const edge: GraphEdge = {
      src: from.section,
      type: "LINKS_TO",
      dst: to,
      section_id: from.section,
      doc_id: from.doc,
      props: {},
    };
    out.set(`${edge.src}\u0000${edge.dst}`, edge);
  }
  return [...out.values()];
}

function makeCorpus(
  baseNodes: readonly GraphNode[],
  baseEdges: readonly GraphEdge[],
  embedder: Embedder,
  ingestMs: number,
  corpusPath: string,
): SyntheticCorpus {
  const baseChunks = baseNodes.filter((n): n is ChunkNode => n.label === "Chunk");
  const vocabulary = baseChunks.flatMap((c) => c.text.split(" ").slice(0, 3));
  const scoped = new Set(baseNodes.filter((n) => n.doc_id !== "").map((n) => n.id));
  const links = baseEdges.filter((e) => e.type === "LINKS_TO").length;

  const rewrite = scopedRewriter(scoped);
  const perturb = perturber(vocabulary);

  /** A partial copy leaves out its last chunks, the sections left without one and the facts they state. */
  const droppedOf = (keepChunks: number): Set<string> => {
    const out = new Set(baseChunks.slice(keepChunks).map((c) => c.id));
    const kept = new Set(baseChunks.slice(0, keepChunks).map((c) => c.section_id));
    for (const c of baseChunks.slice(keepChunks)) if (!kept.has(c.section_id)) out.add(c.section_id);
    for (const e of baseEdges) if (e.type === "ASSERTS" && out.has(e.src)) out.add(e.dst);
    return out;
  };

  const textVectors = new Map<string, Float32Array>();
  const headingVectors = new Map<string, Float32Array>();
  const corpus: SyntheticCorpus = {
    chunksPerCopy: baseChunks.length,
    summary:
      `base: ${baseChunks.length} chunks, ${baseNodes.length} nodes, ${baseEdges.length} edges ` +
      `(${links} synthetic LINKS_TO) from ${corpusPath}, ingested in ${(ingestMs / 1000).toFixed(1)} s`,
    embedMs: 0,
    copyOf(r, keepChunks) {
      const dropped = droppedOf(keepChunks);
      const rand = seededRandom(r + 1);
      const nodes = baseNodes
        .filter((n) => (r === 0 || n.doc_id !== "") && !dropped.has(n.id))
        .map((n) => {
          if (r === 0) return n;
          const copy = rewrite(n, `~${r}`);
          if (copy.label === "Chunk") copy.text = perturb(copy.text, rand);
          if (copy.label === "Document") copy.uri = `${copy.uri}#copy-${r}`;
          return copy;
        });
      // MENTIONS (section → entity) is left out, as in retrieval-bench: no measured step reads it.
      const edges = baseEdges
        .filter((e) => e.type !== "MENTIONS" && (r === 0 || e.doc_id !== ""))
        .filter((e) => !dropped.has(e.src) && !dropped.has(e.dst) && !dropped.has(e.section_id))
        .map((e) => (r === 0 ? e : rewrite(e, `~${r}`)));
      return { nodes, edges, chunks: nodes.filter((n): n is ChunkNode => n.label === "Chunk") };
    },
    async vectorsOf(chunks) {
      const t0 = performance.now();
      const heading = (c: ChunkNode) => c.heading_path.join(" > ");
      const todo = chunks.filter((c) => !textVectors.has(c.id));
      const texts = await embedder.embedPassages(todo.map((c) => `${heading(c)}\n\n${c.text}`));
      for (const [i, c] of todo.entries()) textVectors.set(c.id, texts[i] ?? new Float32Array());
      const paths = [...new Set(chunks.map(heading))].filter((h) => !headingVectors.has(h));
      for (const [i, v] of (await embedder.embedPassages(paths)).entries())
        headingVectors.set(paths[i] ?? "", v);
      corpus.embedMs += performance.now() - t0;
      return chunks.flatMap((c) => {
        const text = textVectors.get(c.id);
        const head = headingVectors.get(heading(c));
        return text && head
          ? [
              { id: c.id, kind: "text", vector: text },
              { id: c.id, kind: "heading", vector: head },
            ]
          : [];
      });
    },
  };
  return corpus;
}
