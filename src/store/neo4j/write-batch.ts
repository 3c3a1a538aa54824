import neo4j, { type ManagedTransaction } from "neo4j-driver";
import type { EdgeType, GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode, NodeLabel } from "../../domain/graph-node.js";
import { normalise } from "../../domain/vector-math.js";
import { userError } from "../../errors.js";
import type { VectorModel, WriteBatch } from "../graph-store.js";
import {
  CHUNK_STATUS,
  DELETE_DOCUMENT_EDGES,
  DELETE_DOCUMENT_NODES,
  DELETE_NODES,
  DELETE_VECTORS_ALL,
  DELETE_VECTORS_OF,
  deleteEdges,
  PUT_EMBEDDINGS,
  RESERVE_RIDS,
  SET_VECTOR_MODEL,
  UPSERT_VECTORS,
  upsertEdges,
  upsertNodes,
  vectorKind,
} from "./cypher.js";
import { asNumber, encodeEdge, encodeNode } from "./records.js";

/** Rows per UNWIND statement: big enough to amortise round trips, small enough for the heap. */
const CHUNK = 2_000;

function* slices<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}

function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const single = async (tx: ManagedTransaction, cypher: string, params: Record<string, unknown>, key: string) =>
  asNumber((await tx.run(cypher, params)).records[0]?.get(key) ?? 0);

/** Deletes documents' edges (also those between shared nodes) and nodes; returns nodes deleted. */
export async function deleteDocuments(tx: ManagedTransaction, docIds: readonly string[]): Promise<number> {
  const docs = [...new Set(docIds)];
  if (docs.length === 0) return 0;
  await tx.run(DELETE_DOCUMENT_EDGES, { docs });
  return single(tx, DELETE_DOCUMENT_NODES, { docs }, "deleted");
}

async function upsertNodeRows(tx: ManagedTransaction, nodes: readonly GraphNode[]): Promise<void> {
  if (nodes.length === 0) return;
  // Insertion numbers keep findNodes in first-write order, as the embedded store's rowid does.
  let rid = await single(tx, RESERVE_RIDS, { n: neo4j.int(nodes.length) }, "base");
  const rows = nodes.map((n) => ({ ...encodeNode(n), rid: neo4j.int(++rid), label: n.label }));
  for (const [l, group] of groupBy(rows, (r) => r.label as NodeLabel)) {
    for (const part of slices(group)) await tx.run(upsertNodes(l), { rows: part });
  }
}

async function upsertEdgeRows(tx: ManagedTransaction, edges: readonly GraphEdge[]): Promise<void> {
  for (const [type, group] of groupBy(edges, (e) => e.type as EdgeType)) {
    for (const part of slices(group)) {
      const written = await single(tx, upsertEdges(type), { rows: part.map(encodeEdge) }, "written");
      // A relationship needs both nodes; dropping the edge silently would diverge from the embedded store.
      if (written !== part.length) {
        throw userError(
          "edge_endpoint_missing",
          `${part.length - written} of ${part.length} ${type} edges name a node that does not exist`,
        );
      }
    }
  }
}

async function upsertVectorRows(
  tx: ManagedTransaction,
  model: VectorModel,
  rows: ReadonlyArray<{ id: string; kind: string; vector: Float32Array }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.run(SET_VECTOR_MODEL, { model: JSON.stringify({ id: model.id, dim: model.dim }) });
  for (const [kind, group] of groupBy(rows, (r) => r.kind)) {
    const { prop } = vectorKind(kind);
    for (const part of slices(group)) {
      const params = { prop, rows: part.map((r) => ({ id: r.id, vec: Array.from(normalise(r.vector)) })) };
      const written = await single(tx, UPSERT_VECTORS, params, "written");
      if (written !== part.length)
        throw userError("vector_node_missing", `vectors name ${part.length - written} missing nodes`);
    }
  }
}

/**
 * One write batch inside one managed transaction, in the embedded store's order: deletions, nodes,
 * edges, vectors, embedding cache, chunk status. The vector model was checked and the vector
 * indexes created before (schema changes cannot share the transaction).
 */
export async function applyBatch(tx: ManagedTransaction, batch: WriteBatch): Promise<void> {
  await deleteDocuments(tx, batch.deleteDocuments ?? []);
  if (batch.deleteNodes?.length) await tx.run(DELETE_NODES, { ids: [...batch.deleteNodes] });
  for (const d of batch.deleteEdges ?? []) {
    await tx.run(deleteEdges(d.type, d.src !== undefined, d.dst !== undefined), {
      src: d.src ?? null,
      dst: d.dst ?? null,
    });
  }
  for (const d of batch.deleteVectors ?? []) {
    const { prop } = vectorKind(d.kind);
    if (d.ids) await tx.run(DELETE_VECTORS_OF, { prop, ids: [...d.ids] });
    else await tx.run(DELETE_VECTORS_ALL, { prop });
  }
  await upsertNodeRows(tx, batch.nodes ?? []);
  await upsertEdgeRows(tx, batch.edges ?? []);
  for (const v of batch.vectors ?? []) await upsertVectorRows(tx, v.model, v.rows);
  for (const c of batch.embeddingCache ?? []) {
    for (const part of slices(c.entries)) {
      const rows = part.map((e) => ({
        ck: cacheKey(c.model_id, e.key),
        key: e.key,
        vec: Array.from(e.vector),
      }));
      await tx.run(PUT_EMBEDDINGS, { model: c.model_id, rows });
    }
  }
  if (batch.chunkStatus?.length) {
    const rows = batch.chunkStatus.map((u) => ({
      id: u.chunk_id,
      status: u.status,
      error: u.error ?? "",
      inc: neo4j.int(u.incrementRetry ? 1 : 0),
    }));
    await tx.run(CHUNK_STATUS, { rows });
  }
}

/** One unique key for (model, content hash); JSON keeps the pair unambiguous. */
export const cacheKey = (modelId: string, key: string): string => JSON.stringify([modelId, key]);
