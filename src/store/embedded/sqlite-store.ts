import type Database from "better-sqlite3";
import type { ChunkNode } from "../../domain/chunk.js";
import type { DocumentNode } from "../../domain/document.js";
import type { EdgeType, GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode, NodeLabel, NodeOf } from "../../domain/graph-node.js";
import { normalizeFilter, type RetrievalFilter } from "../../domain/retrieval-filter.js";
import { analyzeQuery } from "../../domain/text/analyzer.js";
import { AgrError, describeError } from "../../errors.js";
import type {
  EdgeQuery,
  EdgeRef,
  GraphStore,
  NodeQuery,
  ScoredId,
  SearchOptions,
  StoreCounts,
  Subgraph,
  TraverseOptions,
  VectorModel,
  VectorRow,
  VectorSearchOptions,
  WorkQuery,
  WriteBatch,
} from "../graph-store.js";
import { toFtsMatch } from "../text-query.js";
import { BatchWriter } from "./batch-writer.js";
import { Bm25Heads } from "./bm25-heads.js";
import { Bm25TopK } from "./bm25-top-k.js";
import { EdgeRefs } from "./edge-refs.js";
import { FilteredSearch } from "./filtered-search.js";
import { openDatabase } from "./open-database.js";
import { assertIdentifier, decodeEdge, decodeNode, sqlValue } from "./rows.js";
import {
  type CacheExportRow,
  createExportReader,
  createStatements,
  type EdgeKey,
  type ExportReader,
  type ExportSizes,
  type Statements,
} from "./statements.js";
import { storeCounts } from "./store-counts.js";
import { traverseGraph } from "./traverse.js";
import { type VectorIndexOptions, VectorTable } from "./vector-table.js";

export interface StoreOptions {
  vectorIndex?: VectorIndexOptions;
  /** BM25 top k by MaxScore (default true); false lets FTS5 score every matching row. */
  textTopK?: boolean;
  /** Rows scored before the k-th score sets the bar (tests shrink it to force MaxScore's second round). */
  textTopKFirstRound?: number;
  /** Impact-ordered BM25 heads on big stores (default true; see bm25-heads.ts); false: exact MaxScore. */
  textHeads?: boolean;
  /** Rows from which heads are kept (tests lower it). */
  textHeadsMinRows?: number;
}

/** The embedded store: one SQLite file (WAL), FTS5 for BM25, vectors as Float32 BLOBs. */
export class SqliteGraphStore implements GraphStore {
  readonly backend = "embedded" as const;
  private readonly db: Database.Database;
  private readonly st: Statements;
  private readonly vectors: VectorTable;
  private exporter: ExportReader | undefined;
  /** MaxScore top k over FTS5 (see bm25-top-k.ts); undefined: SQLite scores every match. */
  private readonly topK: Bm25TopK | undefined;
  private readonly refs: EdgeRefs;
  private readonly filtered: FilteredSearch;
  private readonly heads: Bm25Heads;
  private readonly writer: BatchWriter;

  private constructor(db: Database.Database, options: StoreOptions) {
    this.db = db;
    this.st = createStatements(db);
    this.vectors = new VectorTable(db, options.vectorIndex);
    this.refs = new EdgeRefs(db);
    this.filtered = new FilteredSearch(db);
    this.heads = new Bm25Heads(db);
    this.writer = new BatchWriter(db, this.st, this.vectors, this.heads, options.textHeadsMinRows);
    this.topK =
      options.textTopK === false
        ? undefined
        : new Bm25TopK(db, options.textTopKFirstRound, options.textHeads !== false);
  }

  static open(file: string, options: StoreOptions = {}): SqliteGraphStore {
    return new SqliteGraphStore(openDatabase(file), options);
  }

  async write(batch: WriteBatch): Promise<void> {
    this.topK?.invalidate();
    this.writer.write(batch);
  }

  async getNode(id: string): Promise<GraphNode | null> {
    const row = this.st.getNode.get(id);
    return row ? decodeNode(row) : null;
  }

  async getNodes(ids: readonly string[]): Promise<GraphNode[]> {
    if (ids.length === 0) return [];
    const nodes = this.st.getNodes.all(JSON.stringify(ids)).map(decodeNode);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async findNodes<L extends NodeLabel>(q: NodeQuery<L>): Promise<Array<NodeOf<L>>> {
    const clauses = ["label = ?"];
    const params: Array<string | number> = [q.label];
    if (q.doc_id !== undefined) {
      clauses.push("doc_id = ?");
      params.push(q.doc_id);
    }
    for (const [key, value] of Object.entries(q.where ?? {})) {
      clauses.push(`json_extract(props, '$.${assertIdentifier(key)}') = ?`);
      params.push(sqlValue(value));
    }
    const sql = `SELECT props FROM nodes WHERE ${clauses.join(" AND ")} ORDER BY rid LIMIT ? OFFSET ?`;
    params.push(q.limit ?? -1, q.offset ?? 0);
    return this.db
      .prepare(sql)
      .all(...params)
      .map((r) => decodeNode(r) as NodeOf<L>);
  }

  async findEdges(q: EdgeQuery): Promise<GraphEdge[]> {
    const clauses: string[] = [];
    const params: Array<string | number> = [];
    for (const key of ["src", "dst", "type", "doc_id"] as const) {
      const value = q[key];
      if (value === undefined) continue;
      clauses.push(`${key} = ?`);
      params.push(value);
    }
    const where = clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "";
    params.push(q.limit ?? -1);
    return this.db
      .prepare(`SELECT * FROM edges ${where} LIMIT ?`)
      .all(...params)
      .map(decodeEdge);
  }

  async traverse(start: readonly string[], options: TraverseOptions): Promise<Subgraph> {
    return traverseGraph(this.st, start, options);
  }

  async edgesTouching(
    ids: readonly string[],
    types: readonly EdgeType[],
    options: { bare?: readonly EdgeType[] } = {},
  ): Promise<EdgeRef[]> {
    return this.refs.of(ids, types, options.bare);
  }

  async edgeCounts(
    ids: readonly string[],
    types: readonly EdgeType[],
    cap?: number,
  ): Promise<Map<string, number>> {
    return this.refs.countsOf(ids, types, cap);
  }

  async getDocumentByUri(uri: string): Promise<DocumentNode | null> {
    const row = this.st.docByUri.get(uri);
    return row ? (decodeNode(row) as DocumentNode) : null;
  }

  async listDocuments(): Promise<DocumentNode[]> {
    return this.findNodes({ label: "Document" });
  }

  async deleteDocument(docId: string): Promise<boolean> {
    return this.db.transaction(() => this.writer.deleteDocument(docId))();
  }

  async pruneOrphans(label: "Entity"): Promise<number> {
    return this.db
      .prepare(
        `DELETE FROM nodes WHERE label = ? AND NOT EXISTS (SELECT 1 FROM edges WHERE edges.src = nodes.id)
           AND NOT EXISTS (SELECT 1 FROM edges WHERE edges.dst = nodes.id)`,
      )
      .run(label).changes;
  }

  async workChunks(q: WorkQuery): Promise<ChunkNode[]> {
    const after = q.after ?? { doc_id: "", seq: -1 };
    const doc = q.doc_id ?? null;
    const rows = this.st.workChunks.all(q.maxRetries, doc, doc, after.doc_id, after.seq, q.limit ?? -1);
    return rows.map((r) => decodeNode(r) as ChunkNode);
  }

  async allowedChunks(ids: readonly string[], filter: RetrievalFilter): Promise<string[]> {
    const f = normalizeFilter(filter);
    if (!f) return (await this.getNodes(ids)).flatMap((n) => (n.label === "Chunk" ? [n.id] : []));
    return this.filtered.allowed(ids, f);
  }

  async searchText(query: string, options: SearchOptions): Promise<ScoredId[]> {
    const analyzed = analyzeQuery(query);
    const match = toFtsMatch(analyzed);
    if (match === null || options.k <= 0) return [];
    const filter = normalizeFilter(options.filter);
    if (filter) return this.filtered.text(match, filter, options.k, options.doc_ids);
    // Weights as in statements.ts searchText: headings weigh half of the body.
    const top = options.doc_ids ? null : (this.topK?.search(analyzed, options.k, [0.5, 1.0]) ?? null);
    if (top) return top;
    const docs = options.doc_ids ? JSON.stringify(options.doc_ids) : null;
    const rows = this.st.searchText.all(match, docs, docs, options.k) as Array<{ id: string; score: number }>;
    return rows.map((r) => ({ id: r.id, score: r.score }));
  }

  async upsertVectors(model: VectorModel, rows: readonly VectorRow[]): Promise<void> {
    this.db.transaction(() => this.vectors.upsert(model, rows))();
  }

  async vectorsOf(ids: readonly string[], kind: string): Promise<Map<string, Float32Array>> {
    return this.vectors.byIds(ids, kind);
  }

  async cachedEmbeddings(modelId: string, keys: readonly string[]): Promise<Map<string, Float32Array>> {
    return this.vectors.cacheGet(modelId, keys);
  }

  /** Seeds this store's embedding cache from another store file (see VectorTable.cacheImport). */
  importEmbeddingCache(file: string, modelId: string): number {
    try {
      return this.vectors.cacheImport(file, modelId);
    } catch (error) {
      throw new AgrError(
        "cache_import_failed",
        "user",
        `cannot read embedding cache of ${file}: ${describeError(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  async searchVectors(vector: Float32Array, options: VectorSearchOptions): Promise<ScoredId[]> {
    const filter = normalizeFilter(options.filter);
    if (!filter) return this.vectors.search(vector, options);
    return this.vectors.search(vector, options, "auto", this.filtered.rids(filter, options.doc_ids));
  }

  async vectorModel(): Promise<VectorModel | null> {
    return this.vectors.model();
  }

  async counts(): Promise<StoreCounts> {
    return storeCounts(this.db);
  }

  // ---- read-only export (agr migrate): keyset pages of every table, not part of the port ----

  private get exp(): ExportReader {
    this.exporter ??= createExportReader(this.db);
    return this.exporter;
  }

  /** Rows of nodes, edges, vectors and embedding cache entries. */
  exportSizes(): ExportSizes {
    return this.exp.sizes();
  }

  /** Up to `limit` nodes after insertion number `afterRid` (0: from the start), in rowid order. */
  exportNodes(afterRid: number, limit: number): Array<{ rid: number; node: GraphNode }> {
    return this.exp.nodes(afterRid, limit);
  }

  /** Up to `limit` edges after `after` (null: from the start), in primary-key order. */
  exportEdges(after: EdgeKey | null, limit: number): GraphEdge[] {
    return this.exp.edges(after, limit);
  }

  /** Every vector kind the store holds ("text", "heading", ...). */
  vectorKinds(): string[] {
    return this.exp.vectorKinds();
  }

  /** Up to `limit` stored (normalised) vectors of `kind` after node id `afterId`, by id. */
  exportVectors(
    kind: string,
    afterId: string | null,
    limit: number,
  ): Array<{ id: string; vector: Float32Array }> {
    return this.exp.vectors(kind, afterId, limit);
  }

  /** Up to `limit` embedding cache entries (every model) after `after`, by (model_id, key). */
  exportEmbeddingCache(after: { model_id: string; key: string } | null, limit: number): CacheExportRow[] {
    return this.exp.embeddingCache(after, limit);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
