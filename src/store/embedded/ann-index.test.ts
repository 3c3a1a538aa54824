import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { annFilePath, loadAnnFile, saveAnnFile } from "./ann-file.js";
import { AnnIndex, DEFAULT_ANN_PARAMS, fingerprintsOf } from "./ann-index.js";
import { clusteredVectors } from "./synthetic-vectors.js";
import type { VectorMatrix } from "./vector-matrix.js";

const DIM = 16;

/** A matrix over (key, vector) pairs, as loadMatrix would build it. */
function matrix(entries: ReadonlyArray<readonly [number, Float32Array]>): VectorMatrix {
  const data = new Float32Array(entries.length * DIM);
  for (const [i, [, v]] of entries.entries()) data.set(v, i * DIM);
  return {
    kind: "text",
    dim: DIM,
    generation: 0,
    size: entries.length,
    ids: entries.map(([key]) => `n${key}`),
    keys: Float64Array.from(entries, ([key]) => key),
    data,
    rowOfKey: new Map(entries.map(([key], i) => [key, i])),
    rowsOfDoc: new Map([["d", entries.map((_, i) => i)]]),
  };
}

describe("AnnIndex", () => {
  const vectors = clusteredVectors(2000, DIM, 3);
  const entries = vectors.map((v, i) => [i + 1, v] as const);

  it("applies a newer matrix as a diff: only changed, new and gone keys are touched", () => {
    const ann = AnnIndex.create(DIM, DEFAULT_ANN_PARAMS);
    expect(ann.sync(matrix(entries))).toEqual({ added: 2000, removed: 0 });
    expect(ann.sync(matrix(entries))).toEqual({ added: 0, removed: 0 });
    const changed = entries.slice(0, 1990).map(([k, v], i) => [k, i < 5 ? (vectors[1999] ?? v) : v] as const);
    const next = matrix([...changed, [5000, vectors[0] ?? new Float32Array(DIM)]]);
    // 5 changed (removed, then added again), 10 gone, 1 new.
    expect(ann.sync(next)).toEqual({ added: 6, removed: 15 });
    expect(ann.size).toBe(1991);
    const top = ann.search(next, vectors[0] ?? new Float32Array(DIM), 2).map((h) => h.id);
    expect(top).toContain("n5000");
    expect(top).not.toContain("n1");
    expect(ann.needsRebuild(fingerprintsOf(next))).toBe(false);
  });

  it("asks for a rebuild when removals would pile up", () => {
    const ann = AnnIndex.create(DIM, DEFAULT_ANN_PARAMS);
    ann.sync(matrix(entries));
    expect(ann.needsRebuild(fingerprintsOf(matrix(entries.slice(0, 1500))))).toBe(false);
    expect(ann.needsRebuild(fingerprintsOf(matrix(entries.slice(0, 500))))).toBe(true);
  });

  it("indexes identical vectors once and still returns every one of them", () => {
    const twins = Array.from(
      { length: 300 },
      (_, i) => [i + 1, vectors[i % 3] ?? new Float32Array(DIM)] as const,
    );
    const ann = AnnIndex.create(DIM, DEFAULT_ANN_PARAMS);
    ann.sync(matrix(twins));
    const q = vectors[1] ?? new Float32Array(DIM);
    const hits = ann.search(matrix(twins), q, 100);
    const group = twins.filter(([k]) => k % 3 === 2).map(([k]) => `n${k}`);
    expect(hits.map((h) => h.id)).toEqual(group.sort());
    // The group's representative (the first key) leaves: the others stay findable.
    const rest = matrix(twins.filter(([k]) => k !== 2));
    expect(ann.sync(rest)).toEqual({ added: 0, removed: 1 });
    expect(ann.search(rest, q, 1)[0]?.id).toBe(group.filter((id) => id !== "n2").sort()[0]);
  });

  it("saves and loads with its fingerprints; refuses other parameters and damaged files", () => {
    const file = annFilePath(join(mkdtempSync(join(tmpdir(), "agr-ann-")), "graph.db"), "a/b");
    expect(file.endsWith("graph.db.a%2fb.usearch")).toBe(true);
    const m = matrix(entries);
    const ann = AnnIndex.create(DIM, DEFAULT_ANN_PARAMS);
    ann.sync(m);
    saveAnnFile(file, ann, DIM, 7, DEFAULT_ANN_PARAMS);
    const loaded = loadAnnFile(file, DIM, DEFAULT_ANN_PARAMS);
    expect(loaded?.generation).toBe(7);
    expect(loaded?.ann.sync(m)).toEqual({ added: 0, removed: 0 });
    const q = vectors[10] ?? new Float32Array(DIM);
    expect(loaded?.ann.search(m, q, 5)).toEqual(ann.search(m, q, 5));
    expect(loadAnnFile(file, DIM, { ...DEFAULT_ANN_PARAMS, connectivity: 8 })).toBeNull();
    expect(loadAnnFile(file, DIM + 1, DEFAULT_ANN_PARAMS)).toBeNull();
    writeFileSync(file, "not an index");
    expect(loadAnnFile(file, DIM, DEFAULT_ANN_PARAMS)).toBeNull();
  });
});
