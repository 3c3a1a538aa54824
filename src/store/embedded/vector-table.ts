import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { z } from "zod";
import { normalise } from "../../domain/vector-math.js";
import { userError } from "../../errors.js";
import type { ScoredId, VectorModel, VectorRow, VectorSearchOptions } from "../graph-store.js";
import { type AnnParams, DEFAULT_ANN_PARAMS } from "./ann-index.js";
import { type NearestSource, VectorIndexes } from "./vector-indexes.js";
import { searchExact, searchKeys, type VectorMatrix } from "./vector-matrix.js";

const ModelSchema = z.object({ id: z.string(), dim: z.number().int().positive() });
const HitRowSchema = z.object({ id: z.string(), vec: z.instanceof(Buffer) });
const MetaRowSchema = z.object({ value: z.string() });
const RidRowSchema = z.object({ rid: z.number(), id: z.string() });

/**
 * Vectors of one kind from which `searchVectors` goes approximate. Measured with
 * `npm run bench:retrieval` (384 d, 2 cores): exact SIMD search costs ~0.07 ms per 1k vectors
 * (P50 3.9 ms at 50k, 6.5 ms at 100k); HNSW answers in < 1 ms and wins from ~5k, but costs a
 * build (12 s at 50k, 33 s at 100k, once, then saved) and 2–5% of recall@10.
 */
export const DEFAULT_ANN_THRESHOLD = 50_000;

export interface VectorIndexOptions {
  /** Vectors of a kind from which searches go approximate; Infinity keeps every search exact. */
  annThreshold?: number;
  /** Save approximate indexes beside the store file (`<store>.<kind>.usearch`); default true. */
  persist?: boolean;
  ann?: Partial<AnnParams>;
}

/** "auto" picks by the threshold; the others force a path (tests and benchmarks). */
export type VectorSearchStrategy = "auto" | "exact" | "ann";

/** Float32 view of a BLOB; copies when the Buffer's offset is not 4-byte aligned. */
function asFloat32(buf: Buffer): Float32Array {
  if (buf.byteOffset % 4 === 0) return new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  return new Float32Array(Uint8Array.prototype.slice.call(buf).buffer);
}

const toBlob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/**
 * Vectors as normalised Float32 BLOBs. Searches run in memory: exact (SIMD dot products) below
 * the threshold or with a doc_ids filter, HNSW (usearch) above it. Every change to the table
 * bumps `vectors_generation` in meta inside the writing transaction, so any connection sees
 * that its in-memory copies are stale.
 */
export class VectorTable {
  private readonly indexes: VectorIndexes;
  private readonly threshold: number;
  private readonly readModel: Database.Statement;
  private readonly readGeneration: Database.Statement;
  private readonly bumpGeneration: Database.Statement;
  private readonly readUid: Database.Statement;
  private readonly idsOfRids: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    options: VectorIndexOptions = {},
  ) {
    this.threshold = options.annThreshold ?? DEFAULT_ANN_THRESHOLD;
    const storeFile = db.memory || db.name === "" || options.persist === false ? null : db.name;
    this.indexes = new VectorIndexes(db, { ...DEFAULT_ANN_PARAMS, ...options.ann }, storeFile);
    this.readModel = db.prepare("SELECT value FROM meta WHERE key = 'vector_model'");
    this.readGeneration = db.prepare("SELECT value FROM meta WHERE key = 'vectors_generation'");
    this.bumpGeneration = db.prepare(
      `INSERT INTO meta (key, value) VALUES ('vectors_generation', '1')
       ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`,
    );
    this.readUid = db.prepare("SELECT value FROM meta WHERE key = 'vectors_uid'").pluck();
    this.idsOfRids = db.prepare("SELECT rid, id FROM nodes WHERE rid IN (SELECT value FROM json_each(?))");
  }

  /**
   * This store's vectors at this generation: a random uid made with its first vector (a file
   * saved beside another store of the same name and generation is not mistaken for its own).
   */
  private stamp(generation: number): string | undefined {
    const uid = this.readUid.get();
    return typeof uid === "string" ? `${uid}:${generation}` : undefined;
  }

  model(): VectorModel | null {
    const row = this.readModel.get();
    return row ? ModelSchema.parse(JSON.parse(MetaRowSchema.parse(row).value)) : null;
  }

  /** Counts every change to the vectors table, across connections and reopenings. */
  generation(): number {
    const row = this.readGeneration.get();
    return row ? Number(MetaRowSchema.parse(row).value) : 0;
  }

  /** Call inside a transaction. */
  upsert(model: VectorModel, rows: readonly VectorRow[]): void {
    const current = this.model();
    if (current && (current.id !== model.id || current.dim !== model.dim)) {
      throw userError(
        "vector_model_mismatch",
        `store holds vectors of ${current.id} (${current.dim}d); refusing to mix in ${model.id} (${model.dim}d)`,
      );
    }
    if (!current) {
      this.db.prepare("INSERT INTO meta (key, value) VALUES ('vector_model', ?)").run(JSON.stringify(model));
    }
    if (rows.length > 0 && this.readUid.get() === undefined)
      this.db.prepare("INSERT INTO meta (key, value) VALUES ('vectors_uid', ?)").run(randomUUID());
    const docOf = this.db.prepare("SELECT doc_id FROM nodes WHERE id = ?");
    const put = this.db.prepare(
      `INSERT INTO vectors (id, kind, doc_id, vec) VALUES (?, ?, ?, ?)
       ON CONFLICT (id, kind) DO UPDATE SET doc_id = excluded.doc_id, vec = excluded.vec`,
    );
    for (const row of rows) {
      if (row.vector.length !== model.dim) {
        throw userError(
          "vector_dim",
          `vector for ${row.id} has ${row.vector.length} dimensions, not ${model.dim}`,
        );
      }
      const doc = docOf.get(row.id) as { doc_id: string } | undefined;
      if (!doc) throw userError("vector_node_missing", `no node ${row.id} for vector`);
      const v = normalise(row.vector);
      put.run(row.id, row.kind, doc.doc_id, toBlob(v));
    }
    if (rows.length > 0) this.bumpGeneration.run();
  }

  /** Call inside a transaction (the store's node deletion). */
  deleteOfNode(id: string): void {
    const { changes } = this.db.prepare("DELETE FROM vectors WHERE id = ?").run(id);
    if (changes > 0) this.bumpGeneration.run();
  }

  /** Call inside a transaction: all vectors of `kind`, or those of the given node ids. */
  deleteKind(kind: string, ids?: readonly string[]): void {
    const { changes } = ids
      ? this.db
          .prepare("DELETE FROM vectors WHERE kind = ? AND id IN (SELECT value FROM json_each(?))")
          .run(kind, JSON.stringify(ids))
      : this.db.prepare("DELETE FROM vectors WHERE kind = ?").run(kind);
    if (changes > 0) this.bumpGeneration.run();
  }

  /** Call inside a transaction (the store's document deletion). */
  deleteOfDoc(docId: string): void {
    const { changes } = this.db.prepare("DELETE FROM vectors WHERE doc_id = ?").run(docId);
    if (changes > 0) this.bumpGeneration.run();
  }

  cachePut(modelId: string, entries: ReadonlyArray<{ key: string; vector: Float32Array }>): void {
    const put = this.db.prepare(
      "INSERT OR REPLACE INTO embedding_cache (model_id, key, vec) VALUES (?, ?, ?)",
    );
    for (const e of entries) put.run(modelId, e.key, toBlob(e.vector));
  }

  /**
   * Copies another store file's cache entries of one model (entries already here win): a new
   * store for the same corpus, e.g. after the index configuration changed, embeds nothing twice.
   */
  cacheImport(file: string, modelId: string): number {
    this.db.prepare("ATTACH DATABASE ? AS donor").run(file);
    try {
      const { changes } = this.db
        .prepare(
          `INSERT OR IGNORE INTO embedding_cache (model_id, key, vec)
           SELECT model_id, key, vec FROM donor.embedding_cache WHERE model_id = ?`,
        )
        .run(modelId);
      return changes;
    } finally {
      this.db.prepare("DETACH DATABASE donor").run();
    }
  }

  byIds(ids: readonly string[], kind: string): Map<string, Float32Array> {
    const out = new Map<string, Float32Array>();
    if (ids.length === 0) return out;
    const rows = this.db
      .prepare("SELECT id, vec FROM vectors WHERE kind = ? AND id IN (SELECT value FROM json_each(?))")
      .all(kind, JSON.stringify(ids));
    for (const raw of rows) {
      const row = HitRowSchema.parse(raw);
      out.set(row.id, asFloat32(row.vec));
    }
    return out;
  }

  cacheGet(modelId: string, keys: readonly string[]): Map<string, Float32Array> {
    const out = new Map<string, Float32Array>();
    if (keys.length === 0) return out;
    const rows = this.db
      .prepare(
        "SELECT key AS id, vec FROM embedding_cache WHERE model_id = ? AND key IN (SELECT value FROM json_each(?))",
      )
      .all(modelId, JSON.stringify(keys));
    for (const raw of rows) {
      const row = HitRowSchema.parse(raw);
      out.set(row.id, asFloat32(row.vec));
    }
    return out;
  }

  /**
   * Loads (and for "ann", builds or patches) what a search of `kind` would use, so a caller can
   * pay that cost up front; returns the path taken ("none": no vectors of that kind).
   */
  prepare(kind: string, strategy: VectorSearchStrategy = "auto"): "exact" | "ann" | "none" {
    const model = this.model();
    if (!model) return "none";
    const generation = this.generation();
    const path = this.choose(this.indexes.matrix(kind, model.dim, generation), strategy, false);
    if (path === "ann") this.indexes.ann(kind, model.dim, generation, this.stamp(generation));
    return path;
  }

  /**
   * `allowedKeys`: the rids a filter allows (SQL picked them), searched exactly. An HNSW index
   * cannot prefilter and growing its k until k allowed hits turn up may take many rounds for a
   * narrow filter (and still misses what HNSW misses); scoring every allowed vector costs at
   * most one exact scan and the top k is always full and exact.
   */
  search(
    query: Float32Array,
    options: VectorSearchOptions,
    strategy: VectorSearchStrategy = "auto",
    allowedKeys?: readonly number[],
  ): ScoredId[] {
    const model = this.model();
    if (!model || query.length !== model.dim || options.k <= 0) return [];
    const q = normalise(query);
    const generation = this.generation();
    const unfiltered =
      options.doc_ids === undefined &&
      allowedKeys === undefined &&
      strategy !== "exact" &&
      !this.indexes.hasMatrix(options.kind, generation);
    const saved = unfiltered
      ? this.indexes.current(options.kind, model.dim, generation, this.stamp(generation) ?? null)
      : null;
    // A current index above the threshold answers without the matrix (a fresh process need not
    // read every vector), by its own scores.
    if (saved && (strategy === "ann" || saved.size >= this.threshold))
      return this.byIndexScores(saved, q, model.dim, options.k);
    const m = this.indexes.matrix(options.kind, model.dim, generation);
    const path = this.choose(m, strategy, options.doc_ids !== undefined || allowedKeys !== undefined);
    if (path === "none") return [];
    if (allowedKeys) return searchKeys(m, q, options.k, allowedKeys);
    if (path === "exact") return searchExact(m, q, options.k, options.doc_ids);
    return this.indexes
      .ann(options.kind, model.dim, generation, this.stamp(generation))
      .search(m, q, options.k);
  }

  /**
   * The k best by the index's own scores (1 - distance over its f16 copy: within ~1e-3 of the
   * exact ones), ties by id. Not re-scored from the table: its vector rows are slow to read one
   * by one (~0.1 ms each, 1.5 KB keys of a WITHOUT ROWID table), which was most of a k = 100
   * search; once the matrix is loaded (an exact or filtered search) searches re-score from it.
   */
  private byIndexScores(ann: NearestSource, q: Float32Array, dim: number, k: number): ScoredId[] {
    const found = ann.nearest(q, dim, k);
    const idOf = new Map<number, string>();
    for (const raw of this.idsOfRids.all(JSON.stringify(found.map((c) => c.key)))) {
      const row = RidRowSchema.parse(raw);
      idOf.set(row.rid, row.id);
    }
    const hits = found.flatMap((c) => {
      const id = idOf.get(c.key);
      return id === undefined ? [] : [{ id, score: c.score }];
    });
    hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    return hits.slice(0, k);
  }

  private choose(m: VectorMatrix, strategy: VectorSearchStrategy, filtered: boolean) {
    if (m.size === 0) return "none";
    // A doc_ids filter always goes exact: HNSW cannot promise k hits inside a small subset.
    if (filtered || strategy === "exact") return "exact";
    return strategy === "ann" || m.size >= this.threshold ? "ann" : "exact";
  }
}
