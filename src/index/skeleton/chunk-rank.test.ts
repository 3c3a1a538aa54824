import { describe, expect, it } from "vitest";
import type { GraphEdge } from "../../domain/graph-edge.js";
import { chunkPageRank, selectSkeleton } from "./chunk-rank.js";
import { knnEdges } from "./knn-graph.js";

const chunk = (id: string) => ({ id, doc_id: "d", section_id: "s" });
const sim = (src: string, dst: string, weight: number): GraphEdge => ({
  src,
  type: "SIMILAR_TO",
  dst,
  section_id: "s",
  doc_id: "d",
  props: { weight },
});

describe("knnEdges", () => {
  it("keeps the k most similar other chunks, never itself or non-positive scores", () => {
    const chunks = ["a", "b", "c", "d"].map(chunk);
    const neighbours = new Map([
      [
        "a",
        [
          { id: "a", score: 1 },
          { id: "c", score: 0.5 },
          { id: "b", score: 0.9 },
          { id: "d", score: -0.2 },
          { id: "zz", score: 0.99 },
        ],
      ],
    ]);
    const edges = knnEdges(chunks, neighbours, 2);
    expect(edges.map((e) => [e.src, e.dst, e.props.weight])).toEqual([
      ["a", "b", 0.9],
      ["a", "c", 0.5],
    ]);
    expect(knnEdges(chunks, neighbours, 1)).toHaveLength(1);
  });
});

describe("chunkPageRank and selectSkeleton", () => {
  it("ranks the hub of the kNN graph first and selects ceil(β·n) chunks", () => {
    const ids = ["a", "b", "c", "d", "e"];
    // "c" is everyone's neighbour.
    const edges = [sim("a", "c", 0.9), sim("b", "c", 0.8), sim("d", "c", 0.7), sim("e", "d", 0.3)];
    const rank = chunkPageRank(ids, edges);
    const total = [...rank.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 6);
    expect(selectSkeleton(ids, rank, 0.3)).toEqual(["c", "d"]);
    expect(selectSkeleton(ids, rank, 0)).toEqual([]);
    expect(selectSkeleton(ids, rank, 1)).toHaveLength(5);
    expect(selectSkeleton(ids, rank, 0.2)).toEqual(["c"]);
  });
  it("falls back to the given order when there is no graph (no vectors)", () => {
    const ids = ["x", "y", "z"];
    expect(selectSkeleton(ids, chunkPageRank(ids, []), 0.5)).toEqual(["x", "y"]);
  });
});
