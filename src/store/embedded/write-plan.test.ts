import { describe, expect, it } from "vitest";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode } from "../../domain/graph-node.js";
import { SqliteGraphStore } from "./sqlite-store.js";
import { latestNodes, mergedVectors, sortedEdges } from "./write-plan.js";

const entity = (id: string, name: string): GraphNode => ({
  label: "Entity",
  id,
  doc_id: "",
  name,
  canonical: name.toLowerCase(),
  type: "NAME",
});
const edge = (src: string, dst: string, weight: number): GraphEdge => ({
  src,
  type: "MENTIONED_IN",
  dst,
  section_id: "s",
  doc_id: "d",
  props: { weight },
});

describe("latestNodes", () => {
  it("keeps one node per id: the last version at the first place", () => {
    const out = latestNodes([entity("a", "A1"), entity("b", "B"), entity("a", "A2")]);
    expect(out.map((n) => [n.id, n.label === "Entity" ? n.name : ""])).toEqual([
      ["a", "A2"],
      ["b", "B"],
    ]);
  });

  it("keeps every version of an id written under two labels, in order", () => {
    const page: GraphNode = { label: "PdfPage", id: "a", doc_id: "d", page_no: 1, width: 1, height: 1 };
    expect(latestNodes([entity("a", "A"), page, entity("a", "A2")]).map((n) => n.label)).toEqual([
      "Entity",
      "PdfPage",
      "Entity",
    ]);
  });
});

describe("sortedEdges", () => {
  it("orders by source and keeps the order of edges with the same source", () => {
    const out = sortedEdges([edge("b", "c", 1), edge("a", "z", 1), edge("b", "c", 2), edge("a", "b", 1)]);
    expect(out.map((e) => [e.src, e.dst, e.props.weight])).toEqual([
      ["a", "z", 1],
      ["a", "b", 1],
      ["b", "c", 1],
      ["b", "c", 2],
    ]);
  });
});

describe("mergedVectors", () => {
  it("merges consecutive groups of one model, rows in order, and keeps other models apart", () => {
    const m = { id: "m", dim: 2 };
    const other = { id: "o", dim: 2 };
    const row = (id: string) => ({ id, kind: "text", vector: new Float32Array([1, 0]) });
    const out = mergedVectors([
      { model: m, rows: [row("a")] },
      { model: m, rows: [row("b"), row("c")] },
      { model: other, rows: [row("d")] },
    ]);
    expect(out.map((g) => [g.model.id, g.rows.map((r) => r.id)])).toEqual([
      ["m", ["a", "b", "c"]],
      ["o", ["d"]],
    ]);
  });
});

describe("SqliteGraphStore.write with repeated rows", () => {
  it("stores what writing every row in order would, rids by first appearance", async () => {
    const store = SqliteGraphStore.open(":memory:");
    await store.write({
      nodes: [entity("x", "X1"), entity("y", "Y"), entity("x", "X2")],
      edges: [edge("x", "c", 1), edge("x", "c", 3)],
    });
    // Unchanged rows are skipped, changed ones still replaced.
    await store.write({ nodes: [entity("y", "Y"), entity("x", "X3")], edges: [edge("x", "c", 3)] });
    expect(await store.getNode("x")).toMatchObject({ name: "X3" });
    expect((await store.findNodes({ label: "Entity" })).map((n) => n.id)).toEqual(["x", "y"]);
    expect((await store.findEdges({ type: "MENTIONED_IN" })).map((e) => e.props.weight)).toEqual([3]);
    await store.close();
  });
});
