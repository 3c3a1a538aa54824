/**
 * The real subset of the scale benchmark: an `agr eval` store (a multi-hop corpus indexed with the
 * neural embedder, e.g. .agr/eval/2wikimultihopqa-*.db) read once: its chunks, sections,
 * documents and entities, the edges the retrieval modes read, and its neural text/heading vectors.
 * Left out, to keep a million chunks on one disk: MENTIONS (section → entity; no mode reads it),
 * relation and community nodes with their edges, and RELATED_SECTION.
 */
import type { ChunkNode } from "../../../src/domain/chunk.js";
import type { EdgeType, GraphEdge } from "../../../src/domain/graph-edge.js";
import type { GraphNode } from "../../../src/domain/graph-node.js";
import { SqliteGraphStore } from "../../../src/store/embedded/sqlite-store.js";
import type { VectorModel } from "../../../src/store/graph-store.js";

export const KEPT_EDGES: readonly EdgeType[] = [
  "MENTIONED_IN",
  "NEXT",
  "SYNONYM",
  "RELATED_TO",
  "CONTAINS",
  "REFERS_TO",
  "LINKS_TO",
  "PART_OF",
];

export interface BaseStore {
  nodes: GraphNode[];
  edges: GraphEdge[];
  chunks: ChunkNode[];
  model: VectorModel;
  /** Neural vectors by chunk id, per kind ("text", "heading"). */
  vectors: Map<string, Map<string, Float32Array>>;
}

export async function readBaseStore(file: string): Promise<BaseStore> {
  const store = SqliteGraphStore.open(file);
  try {
    const model = await store.vectorModel();
    if (!model) throw new Error(`${file} holds no vectors: run agr eval on the corpus first`);
    const labels = ["Document", "Section", "Chunk", "Entity"] as const;
    const nodes = (await Promise.all(labels.map((label) => store.findNodes({ label })))).flat();
    const edges = (await Promise.all(KEPT_EDGES.map((type) => store.findEdges({ type })))).flat();
    const chunks = nodes.filter((n): n is ChunkNode => n.label === "Chunk");
    const ids = chunks.map((c) => c.id);
    const vectors = new Map<string, Map<string, Float32Array>>();
    for (const kind of ["text", "heading"]) vectors.set(kind, await store.vectorsOf(ids, kind));
    return { nodes, edges, chunks, model, vectors };
  } finally {
    await store.close();
  }
}
