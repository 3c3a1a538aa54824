import type Database from "better-sqlite3";
import { z } from "zod";
import { userError } from "../../errors.js";
import type { ScoredId, VectorModel, VectorRow, VectorSearchOptions } from "../graph-store.js";

const ModelSchema = z.object({ id: z.string(), dim: z.number().int().positive() });
const HitRowSchema = z.object({ id: z.string(), vec: z.instanceof(Buffer) });

function normalise(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  const out = new Float32Array(v.length);
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < v.length; i++) out[i] = (v[i] ?? 0) * inv;
  return out;
}

/** Float32 view of a BLOB; copies when the Buffer's offset is not 4-byte aligned. */
function asFloat32(buf: Buffer): Float32Array {
  if (buf.byteOffset % 4 === 0) return new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  return new Float32Array(Uint8Array.prototype.slice.call(buf).buffer);
}

const toBlob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** Vectors as normalised Float32 BLOBs searched by exact cosine (a dot product). */
export class VectorTable {
  constructor(private readonly db: Database.Database) {}

  model(): VectorModel | null {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'vector_model'").get() as
      | { value: string }
      | undefined;
    return row ? ModelSchema.parse(JSON.parse(row.value)) : null;
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
  }

  cachePut(modelId: string, entries: ReadonlyArray<{ key: string; vector: Float32Array }>): void {
    const put = this.db.prepare(
      "INSERT OR REPLACE INTO embedding_cache (model_id, key, vec) VALUES (?, ?, ?)",
    );
    for (const e of entries) put.run(modelId, e.key, toBlob(e.vector));
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

  search(query: Float32Array, options: VectorSearchOptions): ScoredId[] {
    const q = normalise(query);
    const docs = options.doc_ids ? JSON.stringify(options.doc_ids) : null;
    const stmt = this.db.prepare(
      "SELECT id, vec FROM vectors WHERE kind = ? AND (? IS NULL OR doc_id IN (SELECT value FROM json_each(?)))",
    );
    const hits: ScoredId[] = [];
    for (const raw of stmt.iterate(options.kind, docs, docs)) {
      const row = HitRowSchema.parse(raw);
      const v = asFloat32(row.vec);
      if (v.length !== q.length) continue;
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += (v[i] ?? 0) * (q[i] ?? 0);
      hits.push({ id: row.id, score: dot });
    }
    hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    return hits.slice(0, options.k);
  }
}
