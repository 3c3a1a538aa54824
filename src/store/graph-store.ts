import type { ChunkNode, ChunkStatus } from "../domain/chunk.js";
import type { DocumentNode } from "../domain/document.js";
import type { EdgeType, GraphEdge } from "../domain/graph-edge.js";
import type { GraphNode, NodeLabel, NodeOf } from "../domain/graph-node.js";
import type { RetrievalFilter } from "../domain/retrieval-filter.js";
import type { GraphPushdown } from "./graph-pushdown.js";

/**
 * The one port through which CLI, agents, tools and HTTP reach the graph. Every method is
 * expressible as parameterised Cypher, so a Neo4j adapter implements the same contract
 * (src/store/graph-store.contract.ts) as the embedded SQLite store.
 */
export interface GraphStore {
  readonly backend: "embedded" | "neo4j";
  /** Graph algorithms the database runs itself (Neo4j with GDS); absent: callers compute in process. */
  readonly pushdown?: GraphPushdown;

  /** Applies a batch atomically: deletions first, then node and edge upserts, then status changes. */
  write(batch: WriteBatch): Promise<void>;

  getNode(id: string): Promise<GraphNode | null>;
  getNodes(ids: readonly string[]): Promise<GraphNode[]>;
  findNodes<L extends NodeLabel>(query: NodeQuery<L>): Promise<Array<NodeOf<L>>>;
  findEdges(query: EdgeQuery): Promise<GraphEdge[]>;
  /** Breadth-first traversal from `start` over the given edge types, up to `depth` hops. */
  traverse(start: readonly string[], options: TraverseOptions): Promise<Subgraph>;
  /**
   * Every edge of `types` with its src or dst among `ids`, without decoding other properties:
   * lets a walk (local PPR) load only the part of the graph it visits. Optional: without it the
   * walk runs over the whole graph loaded once. Edges of the `bare` types reached only through
   * their dst may come without weight and predicate (a walk reading those only where they leave
   * a node): the store can then answer from its dst index alone.
   */
  edgesTouching?(
    ids: readonly string[],
    types: readonly EdgeType[],
    options?: { bare?: readonly EdgeType[] },
  ): Promise<EdgeRef[]>;
  /**
   * How many edges of `types` touch each of `ids` (as src or dst): a walk skips hubs it need not
   * load. With `cap` a count may stop there (cap or more means at least that many): a hub's
   * thousands of edges need not be counted to know it is too big to load yet.
   */
  edgeCounts?(ids: readonly string[], types: readonly EdgeType[], cap?: number): Promise<Map<string, number>>;

  getDocumentByUri(uri: string): Promise<DocumentNode | null>;
  listDocuments(): Promise<DocumentNode[]>;
  /** Removes one document's nodes and every edge touching them; returns false when it was absent. */
  deleteDocument(docId: string): Promise<boolean>;

  /** Removes nodes of a label that no edge touches any more (entities no document mentions); returns how many. */
  pruneOrphans(label: "Entity"): Promise<number>;

  /** Chunks still to process: PENDING, or FAILED with fewer than `maxRetries` retries, in reading order. */
  workChunks(query: WorkQuery): Promise<ChunkNode[]>;

  /**
   * The given chunk ids that `filter` allows, in the given order (ids of other nodes are left
   * out): the same WHERE the filtered searches use, for candidates a graph walk reached.
   */
  allowedChunks(ids: readonly string[], filter: RetrievalFilter): Promise<string[]>;

  /** BM25 over chunk text and headings; higher score is better. Query text is never parsed as syntax. */
  searchText(query: string, options: SearchOptions): Promise<ScoredId[]>;
  /** Stores vectors for one model; refuses vectors of a different model or dimension than the store's. */
  upsertVectors(model: VectorModel, rows: readonly VectorRow[]): Promise<void>;
  /** Embeddings computed before for the same content (key = hash of what was embedded). */
  cachedEmbeddings(modelId: string, keys: readonly string[]): Promise<Map<string, Float32Array>>;
  /** The stored (normalised) vectors of one kind for the given node ids; absent ids are left out. */
  vectorsOf(ids: readonly string[], kind: string): Promise<Map<string, Float32Array>>;
  /**
   * Cosine similarity over the stored, normalised vectors of one kind: exact while that is fast,
   * approximate (an ANN index) for large stores; see the embedded store's vector table.
   */
  searchVectors(vector: Float32Array, options: VectorSearchOptions): Promise<ScoredId[]>;
  vectorModel(): Promise<VectorModel | null>;

  counts(): Promise<StoreCounts>;
  close(): Promise<void>;
}

/** An edge's key and the two properties walks read (MENTIONED_IN/SYNONYM weight, RELATED_TO predicate). */
export interface EdgeRef {
  src: string;
  type: EdgeType;
  dst: string;
  section_id: string;
  weight?: number;
  predicate?: string;
}

export interface WriteBatch {
  /** Whole documents to remove before writing (atomic replace of a changed document). */
  deleteDocuments?: readonly string[];
  deleteNodes?: readonly string[];
  /**
   * Edges to remove before writing, by type and optionally endpoint: how a whole-graph step
   * (SIMILAR_TO, SYNONYM) replaces what it computed last time instead of leaving stale edges.
   */
  deleteEdges?: ReadonlyArray<{ type: EdgeType; src?: string; dst?: string }>;
  /** Vectors to remove before writing: all of a kind, or of the given node ids only. */
  deleteVectors?: ReadonlyArray<{ kind: string; ids?: readonly string[] }>;
  nodes?: readonly GraphNode[];
  edges?: readonly GraphEdge[];
  chunkStatus?: readonly ChunkStatusUpdate[];
  vectors?: ReadonlyArray<{ model: VectorModel; rows: readonly VectorRow[] }>;
  /** Survives document replacement, so unchanged content is never embedded twice. */
  embeddingCache?: ReadonlyArray<{
    model_id: string;
    entries: ReadonlyArray<{ key: string; vector: Float32Array }>;
  }>;
}

export interface ChunkStatusUpdate {
  chunk_id: string;
  status: ChunkStatus;
  error?: string;
  /** FAILED attempts count up; a PROCESSED chunk keeps its count. */
  incrementRetry?: boolean;
}

/** Property filters compare top-level scalar properties for equality; keys must be identifiers. */
export type PropertyFilter = Record<string, string | number | boolean>;

export interface NodeQuery<L extends NodeLabel> {
  label: L;
  doc_id?: string;
  where?: PropertyFilter;
  limit?: number;
  offset?: number;
}

export interface EdgeQuery {
  src?: string;
  dst?: string;
  type?: EdgeType;
  doc_id?: string;
  limit?: number;
}

export type Direction = "out" | "in" | "both";

export interface TraverseOptions {
  edgeTypes?: readonly EdgeType[];
  direction?: Direction;
  /** Hops, 1–5. */
  depth?: number;
  /** Stop once this many nodes were reached (the start nodes included). */
  limit?: number;
}

export interface Subgraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface WorkQuery {
  maxRetries: number;
  doc_id?: string;
  /** Resume after this chunk in (doc_id, seq) order, so one run tries each chunk once. */
  after?: { doc_id: string; seq: number };
  limit?: number;
}

export interface SearchOptions {
  k: number;
  doc_ids?: readonly string[];
  /**
   * Only chunks the filter allows, applied inside the search (SQL / Cypher WHERE, exact vector
   * scoring over the allowed chunks): a filtered top k is full whenever k allowed chunks match.
   */
  filter?: RetrievalFilter;
}

export interface ScoredId {
  id: string;
  score: number;
}

export interface VectorModel {
  id: string;
  dim: number;
}

export interface VectorRow {
  /** Node the vector belongs to (its document is taken from the node). */
  id: string;
  /** What was embedded: "text", "heading", "anchor", ... Several kinds per node. */
  kind: string;
  vector: Float32Array;
}

export interface VectorSearchOptions extends SearchOptions {
  kind: string;
}

export interface StoreCounts {
  nodes: Array<{ doc_id: string; label: NodeLabel; count: number }>;
  edges: Array<{ doc_id: string; type: EdgeType; count: number }>;
  chunk_status: Array<{ doc_id: string; status: ChunkStatus; count: number }>;
  synthetic_sections: Array<{ doc_id: string; count: number }>;
}
