import neo4j, { type Driver, type ManagedTransaction } from "neo4j-driver";
import { z } from "zod";
import type { ChunkNode, ChunkStatus } from "../../domain/chunk.js";
import type { DocumentNode } from "../../domain/document.js";
import type { EdgeType, GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode, NodeLabel, NodeOf } from "../../domain/graph-node.js";
import { RELATION_EDGE_WEIGHT, SYNONYM_EDGE_WEIGHT } from "../../domain/phrase-edge-weights.js";
import { normalizeFilter, type RetrievalFilter } from "../../domain/retrieval-filter.js";
import { analyzeQuery } from "../../domain/text/analyzer.js";
import { normalise } from "../../domain/vector-math.js";
import { AgrError, describeError, userError } from "../../errors.js";
import type { GraphPushdown } from "../graph-pushdown.js";
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
import { queryTerms } from "../text-query.js";
import * as Q from "./cypher.js";
import {
  allowedChunksCypher,
  cypherFilter,
  searchTextFiltered,
  searchVectorsFiltered,
} from "./cypher-filter.js";
import { edgeCounts, edgeRefs } from "./edge-refs.js";
import { GdsPushdown } from "./gds-pushdown.js";
import { namespaceOf } from "./namespace.js";
import { namespacedDriver } from "./namespaced-driver.js";
import { asNumber, asVector, CountRecordSchema, decodeEdge, decodeNode, foldText } from "./records.js";
import { ensureSchema, ensureVectorIndex, listVectorIndexes } from "./schema.js";
import { traverseNeo4j } from "./traverse.js";
import { applyBatch, cacheKey, deleteDocuments } from "./write-batch.js";

export interface Neo4jStoreOptions {
  /** bolt://, neo4j://, neo4j+s:// ... */
  uri: string;
  user?: string;
  password?: string;
  /** Default "neo4j". */
  database?: string;
  /** Run graph algorithms in the database when GDS is loaded (default true). */
  pushdown?: boolean;
  /** Query-time PPR in GDS too (default false: measured slower per question than in process). */
  pushdownPpr?: boolean;
  /** The workspace whose labels and indexes the store uses (./namespace.ts); unset = default. */
  workspace?: string;
}

type Row = Record<string, unknown>;

const ModelSchema = z.object({ id: z.string(), dim: z.number().int().positive() });
const ScoredRowSchema = z.object({ id: z.string(), score: z.number() });
/** 2^53 − 1: "no limit" for LIMIT, which takes an INTEGER. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** Neo4j reports vector similarity rescaled to [0, 1] as (1 + cos) / 2; the port speaks cosine. */
export const cosineFromNeo4j = (score: number): number => 2 * score - 1;

/** Lucene query from free text: per-term quoted, analysed like the index (heading and body in one field). */
export function toLuceneQuery(text: string): string | null {
  const terms = queryTerms(foldText(analyzeQuery(text)));
  if (terms.length === 0) return null;
  return terms.map((t) => `_fts_text:"${t}"`).join(" OR ");
}

/** The GraphStore port on Neo4j 5 (see cypher.ts for the layout). */
export class Neo4jGraphStore implements GraphStore {
  readonly backend = "neo4j" as const;
  pushdown?: GraphPushdown;

  private constructor(
    private readonly driver: Driver,
    private readonly database: string,
    private readonly vectorIndexes: Map<string, number>,
  ) {}

  static async open(options: Neo4jStoreOptions): Promise<Neo4jGraphStore> {
    const auth = options.user ? neo4j.auth.basic(options.user, options.password ?? "") : undefined;
    const database = options.database ?? "neo4j";
    // Lossless integers (the default): INTEGERs come back as Integer and records.ts converts them.
    const driver = namespacedDriver(
      neo4j.driver(options.uri, auth, { disableLosslessIntegers: false }),
      namespaceOf(options.workspace),
    );
    try {
      await driver.verifyConnectivity({ database });
      const store = new Neo4jGraphStore(driver, database, await ensureSchema(driver, database));
      const weights = { synonym: SYNONYM_EDGE_WEIGHT, relation: RELATION_EDGE_WEIGHT };
      const pushdown =
        options.pushdown === false
          ? null
          : await GdsPushdown.detect(driver, database, weights, options.pushdownPpr === true);
      if (pushdown) store.pushdown = pushdown;
      return store;
    } catch (error) {
      await driver.close();
      if (error instanceof AgrError) throw error;
      throw userError(
        "store_open_failed",
        `cannot open Neo4j store ${options.uri}: ${describeError(error)}`,
        error,
      );
    }
  }

  private async tx<T>(mode: "read" | "write", work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.driver.session({ database: this.database });
    try {
      return mode === "read" ? await session.executeRead(work) : await session.executeWrite(work);
    } finally {
      await session.close();
    }
  }

  private async read(cypher: string, params: Record<string, unknown> = {}): Promise<Row[]> {
    return this.tx("read", async (tx) => (await tx.run(cypher, params)).records.map((r) => r.toObject()));
  }

  async write(batch: WriteBatch): Promise<void> {
    for (const v of batch.vectors ?? []) await this.prepareVectors(v.model, v.rows);
    await this.tx("write", (tx) => applyBatch(tx, batch));
  }

  /** Refuses another model, checks dimensions and creates missing vector indexes (outside the data transaction). */
  private async prepareVectors(model: VectorModel, rows: readonly VectorRow[]): Promise<void> {
    const current = await this.vectorModel();
    if (current && (current.id !== model.id || current.dim !== model.dim)) {
      throw userError(
        "vector_model_mismatch",
        `store holds vectors of ${current.id} (${current.dim}d); refusing to mix in ${model.id} (${model.dim}d)`,
      );
    }
    for (const row of rows) {
      if (row.vector.length !== model.dim) {
        throw userError(
          "vector_dim",
          `vector for ${row.id} has ${row.vector.length} dimensions, not ${model.dim}`,
        );
      }
    }
    for (const kind of new Set(rows.map((r) => r.kind))) {
      await ensureVectorIndex(this.driver, this.database, this.vectorIndexes, kind, model.dim);
    }
  }

  async getNode(id: string): Promise<GraphNode | null> {
    return (await this.getNodes([id]))[0] ?? null;
  }

  async getNodes(ids: readonly string[]): Promise<GraphNode[]> {
    if (ids.length === 0) return [];
    const nodes = (await this.read(Q.GET_NODES, { ids: [...ids] })).map(decodeNode);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async findNodes<L extends NodeLabel>(q: NodeQuery<L>): Promise<Array<NodeOf<L>>> {
    const where = q.where ?? {};
    for (const key of Object.keys(where)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
        throw userError("bad_property", `invalid property name: ${key}`);
    }
    const rows = await this.read(Q.findNodes(q.label, q.doc_id !== undefined), {
      doc: q.doc_id ?? null,
      where,
      skip: neo4j.int(q.offset ?? 0),
      limit: neo4j.int(q.limit ?? NO_LIMIT),
    });
    return rows.map((r) => decodeNode(r) as NodeOf<L>);
  }

  async findEdges(q: EdgeQuery): Promise<GraphEdge[]> {
    const anchor = q.src !== undefined ? "src" : q.dst !== undefined ? "dst" : null;
    const rows = await this.read(Q.findEdges(anchor, q.type ?? null), {
      src: q.src ?? null,
      dst: q.dst ?? null,
      doc: q.doc_id ?? null,
      limit: neo4j.int(q.limit ?? NO_LIMIT),
    });
    return rows.map(decodeEdge);
  }

  async traverse(start: readonly string[], options: TraverseOptions): Promise<Subgraph> {
    const subgraph = await this.tx("read", (tx) => traverseNeo4j(tx, start, options));
    return { nodes: await this.getNodes(subgraph.ids), edges: subgraph.edges };
  }

  async edgesTouching(ids: readonly string[], types: readonly EdgeType[]): Promise<EdgeRef[]> {
    return edgeRefs((cypher, params) => this.read(cypher, params), ids, types);
  }

  async edgeCounts(ids: readonly string[], types: readonly EdgeType[]): Promise<Map<string, number>> {
    return edgeCounts((cypher, params) => this.read(cypher, params), ids, types);
  }

  async getDocumentByUri(uri: string): Promise<DocumentNode | null> {
    const [row] = await this.read(Q.DOCUMENT_BY_URI, { uri });
    return row ? (decodeNode(row) as DocumentNode) : null;
  }

  async listDocuments(): Promise<DocumentNode[]> {
    return this.findNodes({ label: "Document" });
  }

  async deleteDocument(docId: string): Promise<boolean> {
    return (await this.tx("write", (tx) => deleteDocuments(tx, [docId]))) > 0;
  }

  async pruneOrphans(label: "Entity"): Promise<number> {
    return this.tx("write", async (tx) =>
      asNumber((await tx.run(Q.PRUNE_ORPHANS(label))).records[0]?.get("deleted")),
    );
  }

  async workChunks(q: WorkQuery): Promise<ChunkNode[]> {
    const rows = await this.read(Q.WORK_CHUNKS, {
      maxRetries: neo4j.int(q.maxRetries),
      doc: q.doc_id ?? null,
      afterDoc: q.after?.doc_id ?? "",
      afterSeq: neo4j.int(q.after?.seq ?? -1),
      limit: neo4j.int(q.limit ?? NO_LIMIT),
    });
    return rows.map((r) => decodeNode(r) as ChunkNode);
  }

  async allowedChunks(ids: readonly string[], filter: RetrievalFilter): Promise<string[]> {
    const f = normalizeFilter(filter);
    if (ids.length === 0) return [];
    if (!f) return (await this.getNodes(ids)).flatMap((n) => (n.label === "Chunk" ? [n.id] : []));
    const cf = cypherFilter(f);
    const rows = await this.read(allowedChunksCypher(cf), { ...cf.params, ids: [...new Set(ids)] });
    const pass = new Set(rows.map((r) => z.string().parse(r.id)));
    return ids.filter((id) => pass.has(id));
  }

  async searchText(query: string, options: SearchOptions): Promise<ScoredId[]> {
    const lucene = toLuceneQuery(query);
    if (lucene === null || options.k <= 0) return [];
    const filter = normalizeFilter(options.filter);
    const cf = filter ? cypherFilter(filter) : null;
    const cypher = cf ? searchTextFiltered(cf) : options.doc_ids ? Q.SEARCH_TEXT : Q.SEARCH_TEXT_TOP;
    const rows = await this.read(cypher, {
      ...cf?.params,
      query: lucene,
      docs: options.doc_ids ? [...options.doc_ids] : null,
      k: neo4j.int(options.k),
    });
    return rows.map((r) => ScoredRowSchema.parse(r));
  }

  async upsertVectors(model: VectorModel, rows: readonly VectorRow[]): Promise<void> {
    await this.write({ vectors: [{ model, rows }] });
  }

  async cachedEmbeddings(modelId: string, keys: readonly string[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    if (keys.length === 0) return out;
    const rows = await this.read(Q.CACHED_EMBEDDINGS, { cks: keys.map((k) => cacheKey(modelId, k)) });
    for (const r of rows) out.set(z.string().parse(r.key), asVector(r.vec));
    return out;
  }

  async vectorsOf(ids: readonly string[], kind: string): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    if (ids.length === 0) return out;
    const rows = await this.read(Q.VECTORS_OF, { ids: [...ids], prop: Q.vectorKind(kind).prop });
    for (const r of rows) out.set(z.string().parse(r.id), asVector(r.vec));
    return out;
  }

  async searchVectors(vector: Float32Array, options: VectorSearchOptions): Promise<ScoredId[]> {
    const model = await this.vectorModel();
    const { index, prop } = Q.vectorKind(options.kind);
    if (!model || vector.length !== model.dim || options.k <= 0) return [];
    if (!this.vectorIndexes.has(index)) {
      for (const [name, dim] of await listVectorIndexes(this.driver, this.database))
        this.vectorIndexes.set(name, dim);
      if (!this.vectorIndexes.has(index)) return [];
    }
    const vec = Array.from(normalise(vector));
    const k = neo4j.int(options.k);
    const filter = normalizeFilter(options.filter);
    const docs = options.doc_ids ? [...options.doc_ids] : null;
    const cf = filter ? cypherFilter(filter) : null;
    const rows = cf
      ? await this.read(searchVectorsFiltered(cf), { ...cf.params, docs, prop, vec, k })
      : docs
        ? await this.read(Q.SEARCH_VECTORS_IN_DOCS, { docs, prop, vec, k })
        : await this.read(Q.SEARCH_VECTORS, { index, vec, k });
    return rows.map((r) => {
      const hit = ScoredRowSchema.parse(r);
      return { id: hit.id, score: cosineFromNeo4j(hit.score) };
    });
  }

  async vectorModel(): Promise<VectorModel | null> {
    const [row] = await this.read(Q.GET_VECTOR_MODEL);
    return row ? ModelSchema.parse(JSON.parse(z.string().parse(row.value))) : null;
  }

  async counts(): Promise<StoreCounts> {
    const [nodes, edges, status, synthetic] = await this.tx("read", async (tx) => {
      const all = async (cypher: string) =>
        (await tx.run(cypher)).records.map((r) => CountRecordSchema.parse(r.toObject()));
      return [
        await all(Q.COUNT_NODES),
        await all(Q.COUNT_EDGES),
        await all(Q.COUNT_CHUNK_STATUS),
        await all(Q.COUNT_SYNTHETIC),
      ];
    });
    return {
      nodes: nodes.map((r) => ({ doc_id: r.doc_id, label: r.key as NodeLabel, count: r.count })),
      edges: edges.map((r) => ({ doc_id: r.doc_id, type: r.key as EdgeType, count: r.count })),
      chunk_status: status.map((r) => ({ doc_id: r.doc_id, status: r.key as ChunkStatus, count: r.count })),
      synthetic_sections: synthetic.map((r) => ({ doc_id: r.doc_id, count: r.count })),
    };
  }

  async close(): Promise<void> {
    await this.pushdown?.forget().catch(() => undefined);
    await this.driver.close();
  }
}
