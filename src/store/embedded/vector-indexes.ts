import type Database from "better-sqlite3";
import { annFilePath, loadAnnFile, saveAnnFile } from "./ann-file.js";
import { AnnIndex, type AnnParams, fingerprintsOf } from "./ann-index.js";
import { AnnView } from "./ann-view.js";
import { loadMatrix, type VectorMatrix } from "./vector-matrix.js";

/**
 * The in-memory side of the vectors table, per kind: the matrix (read once per vectors
 * generation) and, once asked for, its approximate index, kept in step by diffing and saved
 * beside the store file so a reopened store does not rebuild it.
 */
/** What a search by the index's own scores needs (AnnIndex or AnnView). */
export type NearestSource = Pick<AnnView, "nearest" | "size">;

export class VectorIndexes {
  private readonly matrices = new Map<string, VectorMatrix>();
  private readonly anns = new Map<string, { ann: AnnIndex; generation: number }>();
  private readonly views = new Map<string, { view: AnnView; generation: number }>();
  /** Kinds whose saved file was not current at a generation (not looked at again until it changes). */
  private readonly stale = new Map<string, number>();

  constructor(
    private readonly db: Database.Database,
    private readonly params: AnnParams,
    private readonly storeFile: string | null,
  ) {}

  /** Whether the matrix of `kind` at this generation is in memory already. */
  hasMatrix(kind: string, generation: number): boolean {
    return this.matrices.get(kind)?.generation === generation;
  }

  matrix(kind: string, dim: number, generation: number): VectorMatrix {
    const held = this.matrices.get(kind);
    if (held && held.generation === generation && held.dim === dim) return held;
    // Drop the stale copy first so two matrices of a big kind never coexist.
    this.matrices.delete(kind);
    const m = loadMatrix(this.db, kind, dim, generation);
    this.matrices.set(kind, m);
    return m;
  }

  /**
   * The index of `kind` when it is known current without reading the vectors: held at this
   * generation, or saved beside the store at its current `stamp` (uid and generation), then
   * mapped read-only (AnnView). A fresh process answers its first dense search from the file
   * alone; null: take the checked path (matrix and AnnIndex).
   */
  current(kind: string, dim: number, generation: number, stamp: string | null): NearestSource | null {
    const held = this.anns.get(kind);
    if (held && held.generation === generation) return held.ann;
    const view = this.views.get(kind);
    if (view && view.generation === generation) return view.view;
    if (!stamp || !this.storeFile || this.stale.get(kind) === generation) return null;
    const opened = AnnView.open(annFilePath(this.storeFile, kind), dim, this.params, stamp);
    if (!opened) {
      this.stale.set(kind, generation);
      return null;
    }
    this.views.set(kind, { view: opened, generation });
    return opened;
  }

  ann(kind: string, dim: number, generation: number, stamp?: string): AnnIndex {
    const held = this.anns.get(kind);
    if (held && held.generation === generation) return held.ann;
    const m = this.matrix(kind, dim, generation);
    const file = this.storeFile ? annFilePath(this.storeFile, kind) : null;
    const saved = held ? undefined : file ? loadAnnFile(file, dim, this.params) : null;
    const loaded = held?.ann ?? saved?.ann;
    const current = fingerprintsOf(m);
    const patch = loaded && !loaded.needsRebuild(current);
    const ann = patch ? loaded : AnnIndex.create(dim, this.params);
    const { added, removed } = ann.sync(m, current);
    // A file saved without the current stamp is saved again, so the next process trusts it.
    const changed = !patch || added + removed > 0 || (saved?.stamp !== stamp && stamp !== undefined);
    if (file && changed) {
      try {
        saveAnnFile(file, ann, dim, generation, this.params, stamp);
      } catch {
        // Saving only spares the next process a rebuild: a read-only or full disk is no error.
      }
    }
    this.anns.set(kind, { ann, generation });
    return ann;
  }
}
