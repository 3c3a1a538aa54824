import type Database from "better-sqlite3";
import { annFilePath, loadAnnFile, saveAnnFile } from "./ann-file.js";
import { AnnIndex, type AnnParams, fingerprintsOf } from "./ann-index.js";
import { loadMatrix, type VectorMatrix } from "./vector-matrix.js";

/**
 * The in-memory side of the vectors table, per kind: the matrix (read once per vectors
 * generation) and, once asked for, its approximate index, kept in step by diffing and saved
 * beside the store file so a reopened store does not rebuild it.
 */
export class VectorIndexes {
  private readonly matrices = new Map<string, VectorMatrix>();
  private readonly anns = new Map<string, { ann: AnnIndex; generation: number }>();

  constructor(
    private readonly db: Database.Database,
    private readonly params: AnnParams,
    private readonly storeFile: string | null,
  ) {}

  matrix(kind: string, dim: number, generation: number): VectorMatrix {
    const held = this.matrices.get(kind);
    if (held && held.generation === generation && held.dim === dim) return held;
    // Drop the stale copy first so two matrices of a big kind never coexist.
    this.matrices.delete(kind);
    const m = loadMatrix(this.db, kind, dim, generation);
    this.matrices.set(kind, m);
    return m;
  }

  ann(kind: string, dim: number, generation: number): AnnIndex {
    const held = this.anns.get(kind);
    if (held && held.generation === generation) return held.ann;
    const m = this.matrix(kind, dim, generation);
    const file = this.storeFile ? annFilePath(this.storeFile, kind) : null;
    const loaded = held?.ann ?? (file ? loadAnnFile(file, dim, this.params)?.ann : undefined);
    const current = fingerprintsOf(m);
    const patch = loaded && !loaded.needsRebuild(current);
    const ann = patch ? loaded : AnnIndex.create(dim, this.params);
    const { added, removed } = ann.sync(m, current);
    const changed = !patch || added + removed > 0;
    if (file && changed) {
      try {
        saveAnnFile(file, ann, dim, generation, this.params);
      } catch {
        // Saving only spares the next process a rebuild: a read-only or full disk is no error.
      }
    }
    this.anns.set(kind, { ann, generation });
    return ann;
  }
}
