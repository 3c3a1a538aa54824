import type { GraphEdge } from "../domain/graph-edge.js";
import type { GraphNode } from "../domain/graph-node.js";
import { internalError, userError } from "../errors.js";
import type { CacheExportRow, EdgeKey, ExportSizes } from "./embedded/statements.js";
import type { GraphStore, StoreCounts, VectorModel, WriteBatch } from "./graph-store.js";

/** What a migration reads besides the port: keyset pages of every table (SqliteGraphStore has them). */
export interface StoreExport {
  exportSizes(): ExportSizes;
  exportNodes(afterRid: number, limit: number): Array<{ rid: number; node: GraphNode }>;
  exportEdges(after: EdgeKey | null, limit: number): GraphEdge[];
  vectorKinds(): string[];
  exportVectors(
    kind: string,
    afterId: string | null,
    limit: number,
  ): Array<{ id: string; vector: Float32Array }>;
  exportEmbeddingCache(after: { model_id: string; key: string } | null, limit: number): CacheExportRow[];
}

export type MigratePhase = "nodes" | "edges" | "vectors" | "embedding_cache";

export interface MigrateOptions {
  /** Rows per write (one transaction each); default 2,000. */
  batch?: number;
  /** Clear the target first, even when it holds documents the source does not. */
  replace?: boolean;
  /** How to clear the target for `replace` (all of its data); default: delete every document through the port. */
  clearTarget?: () => Promise<void>;
  onProgress?: (phase: MigratePhase, done: number, total: number) => void;
}

export interface MigrateResult {
  nodes: number;
  edges: number;
  vectors: number;
  embedding_cache: number;
}

export const DEFAULT_MIGRATE_BATCH = 2_000;

/**
 * Copies a whole embedded store into another store: every node in the source's insertion order
 * (so both list nodes identically), then every edge (both endpoints exist by then), every vector
 * of every kind with the source's model, and the embedding cache, in batched writes. Upserts
 * only, so a rerun leaves the same target. Verifies at the end that both stores count the same.
 */
export async function migrateStore(
  source: GraphStore & StoreExport,
  target: GraphStore,
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const batch = options.batch ?? DEFAULT_MIGRATE_BATCH;
  if (!Number.isInteger(batch) || batch < 1)
    throw userError("bad_option", "--batch must be a positive integer");
  await prepareTarget(source, target, options);
  const model = await source.vectorModel();
  const sizes = source.exportSizes();
  const progress = (phase: MigratePhase, done: number) => options.onProgress?.(phase, done, sizes[phase]);
  const write = (b: WriteBatch) => target.write(b);

  const nodes = await copyPages(
    (after: number | null) => source.exportNodes(after ?? 0, batch),
    (last) => last.rid,
    (page) => write({ nodes: page.map((r) => r.node) }),
    (done) => progress("nodes", done),
  );
  const edges = await copyPages(
    (after: EdgeKey | null) => source.exportEdges(after, batch),
    (last) => last,
    (page) => write({ edges: page }),
    (done) => progress("edges", done),
  );
  let vectors = 0;
  for (const kind of source.vectorKinds()) {
    if (!model) throw internalError("migrate_no_model", "the source holds vectors but no vector model");
    const before = vectors;
    vectors += await copyPages(
      (after: string | null) => source.exportVectors(kind, after, batch),
      (last) => last.id,
      (page) =>
        write({ vectors: [{ model, rows: page.map((r) => ({ id: r.id, kind, vector: r.vector })) }] }),
      (done) => progress("vectors", before + done),
    );
  }
  const cached = await copyPages(
    (after: CacheExportRow | null) => source.exportEmbeddingCache(after, batch),
    (last) => last,
    (page) => write({ embeddingCache: groupCache(page) }),
    (done) => progress("embedding_cache", done),
  );

  const differences = countDifferences(await source.counts(), await target.counts());
  if (differences.length > 0) {
    throw internalError(
      "migrate_mismatch",
      `after the copy the target differs from the source (${differences.slice(0, 3).join("; ")}` +
        `${differences.length > 3 ? `; ${differences.length - 3} more` : ""}); --replace rebuilds the target`,
    );
  }
  return { nodes, edges, vectors, embedding_cache: cached };
}

/** Reads pages after the last key of the previous one until one comes back empty; returns the rows copied. */
async function copyPages<T, K>(
  read: (after: K | null) => T[],
  keyOf: (last: T) => K,
  write: (page: T[]) => Promise<void>,
  onPage: (done: number) => void,
): Promise<number> {
  let done = 0;
  let after: K | null = null;
  for (let page = read(after); page.length > 0; page = read(after)) {
    await write(page);
    done += page.length;
    onPage(done);
    after = keyOf(page[page.length - 1] as T);
  }
  return done;
}

/** Refuses to merge into a target with other documents or another vector model, unless replacing. */
async function prepareTarget(source: GraphStore, target: GraphStore, options: MigrateOptions): Promise<void> {
  if (options.replace) {
    if (options.clearTarget) await options.clearTarget();
    else await clearThroughPort(target);
    return;
  }
  const ours = new Set((await source.listDocuments()).map((d) => d.id));
  const foreign = (await target.listDocuments()).filter((d) => !ours.has(d.id));
  if (foreign.length > 0) {
    const names = foreign.slice(0, 3).map((d) => d.uri);
    throw userError(
      "migrate_target_not_empty",
      `the target holds ${foreign.length} document(s) the source does not (${names.join(", ")}` +
        `${foreign.length > 3 ? ", ..." : ""}); --replace clears it first`,
    );
  }
  const [from, to] = [await source.vectorModel(), await target.vectorModel()];
  if (from && to && !sameModel(from, to)) {
    throw userError(
      "vector_model_mismatch",
      `the target holds vectors of ${to.id} (${to.dim}d), the source of ${from.id} (${from.dim}d); --replace clears it first`,
    );
  }
}

const sameModel = (a: VectorModel, b: VectorModel) => a.id === b.id && a.dim === b.dim;

/** Every node and edge of the target, one document (doc_id) per write. */
async function clearThroughPort(target: GraphStore): Promise<void> {
  const docIds = new Set((await target.counts()).nodes.map((c) => c.doc_id));
  for (const docId of docIds) await target.write({ deleteDocuments: [docId] });
}

function groupCache(rows: readonly CacheExportRow[]): NonNullable<WriteBatch["embeddingCache"]> {
  const byModel = new Map<string, Array<{ key: string; vector: Float32Array }>>();
  for (const r of rows) {
    const list = byModel.get(r.model_id) ?? [];
    list.push({ key: r.key, vector: r.vector });
    byModel.set(r.model_id, list);
  }
  return [...byModel].map(([model_id, entries]) => ({ model_id, entries }));
}

/** Human-readable differences between two stores' counts (empty: equal). Order does not matter. */
export function countDifferences(a: StoreCounts, b: StoreCounts): string[] {
  const out: string[] = [];
  const compare = (what: string, left: Map<string, number>, right: Map<string, number>) => {
    for (const key of [...new Set([...left.keys(), ...right.keys()])].sort()) {
      const [x, y] = [left.get(key) ?? 0, right.get(key) ?? 0];
      if (x !== y) out.push(`${what} ${key}: source ${x}, target ${y}`);
    }
  };
  const tally = <T extends { doc_id: string; count: number }>(rows: readonly T[], key: (r: T) => string) =>
    new Map(rows.map((r) => [`${r.doc_id || "(shared)"}/${key(r)}`, r.count]));
  compare(
    "nodes",
    tally(a.nodes, (r) => r.label),
    tally(b.nodes, (r) => r.label),
  );
  compare(
    "edges",
    tally(a.edges, (r) => r.type),
    tally(b.edges, (r) => r.type),
  );
  compare(
    "chunks",
    tally(a.chunk_status, (r) => r.status),
    tally(b.chunk_status, (r) => r.status),
  );
  compare(
    "synthetic sections",
    tally(a.synthetic_sections, () => "Section"),
    tally(b.synthetic_sections, () => "Section"),
  );
  return out;
}
