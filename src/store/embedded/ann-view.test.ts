import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { saveAnnFile } from "./ann-file.js";
import { AnnIndex, DEFAULT_ANN_PARAMS } from "./ann-index.js";
import { AnnView } from "./ann-view.js";
import { clusteredVectors } from "./synthetic-vectors.js";
import type { VectorMatrix } from "./vector-matrix.js";

const DIM = 16;

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

describe("AnnView", () => {
  const vectors = clusteredVectors(600, DIM, 5);
  // Keys 1001..1003 share key 1's vector (as a section's chunks share its heading vector).
  const entries = [
    ...vectors.map((v, i) => [i + 1, v] as const),
    ...[1001, 1002, 1003].map((k) => [k, vectors[0] ?? new Float32Array(DIM)] as const),
  ];
  const file = join(mkdtempSync(join(tmpdir(), "agr-view-")), "graph.db.text.usearch");
  const ann = AnnIndex.create(DIM, DEFAULT_ANN_PARAMS);
  ann.sync(matrix(entries));
  saveAnnFile(file, ann, DIM, 3, DEFAULT_ANN_PARAMS, "uid:3");

  it("answers as the loaded index does, identical twins included, from the mapped file", () => {
    const view = AnnView.open(file, DIM, DEFAULT_ANN_PARAMS, "uid:3");
    expect(view?.size).toBe(603);
    const q = vectors[0] ?? new Float32Array(DIM);
    const got = view?.nearest(q, DIM, 5) ?? [];
    expect(got.map((c) => c.key).sort()).toEqual(
      ann
        .nearest(q, DIM, 5)
        .map((c) => c.key)
        .sort(),
    );
    const twins = got.filter((c) => [1, 1001, 1002, 1003].includes(c.key));
    expect(twins.length).toBe(4);
    expect(twins.every((c) => Math.abs(c.score - 1) < 2e-3)).toBe(true);
  });

  it("opens nothing at another stamp, with other parameters, or over a damaged file", () => {
    expect(AnnView.open(file, DIM, DEFAULT_ANN_PARAMS, "uid:4")).toBeNull();
    expect(AnnView.open(file, DIM, { ...DEFAULT_ANN_PARAMS, connectivity: 8 }, "uid:3")).toBeNull();
    writeFileSync(file, "not an index");
    expect(AnnView.open(file, DIM, DEFAULT_ANN_PARAMS, "uid:3")).toBeNull();
  });
});
