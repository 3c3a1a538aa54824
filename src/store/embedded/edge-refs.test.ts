import { describe, expect, it } from "vitest";
import type { GraphEdge } from "../../domain/graph-edge.js";
import { SqliteGraphStore } from "./sqlite-store.js";

const edge = (src: string, type: GraphEdge["type"], dst: string, props = {}): GraphEdge => ({
  src,
  type,
  dst,
  section_id: "sec:1",
  doc_id: "doc:1",
  props,
});

async function store(): Promise<SqliteGraphStore> {
  const s = SqliteGraphStore.open(":memory:");
  await s.write({
    edges: [
      edge("ent:a", "MENTIONED_IN", "chk:1", { weight: 3 }),
      edge("ent:b", "MENTIONED_IN", "chk:1", { weight: 2 }),
      edge("chk:0", "NEXT", "chk:1"),
      edge("ent:c", "RELATED_TO", "ent:a", { predicate: "born in" }),
    ],
  });
  return s;
}

describe("edgesTouching with bare inbound types", () => {
  it("reads inbound edges of the bare types without props, others (and outbound ones) with them", async () => {
    const s = await store();
    const all = ["MENTIONED_IN", "NEXT", "RELATED_TO"] as const;
    const bare = await s.edgesTouching(["chk:1", "ent:a"], all, { bare: ["MENTIONED_IN", "NEXT"] });
    const key = (r: { src: string; type: string; dst: string }) => `${r.src} ${r.type} ${r.dst}`;
    expect(bare.map(key).sort()).toEqual([
      "chk:0 NEXT chk:1",
      "ent:a MENTIONED_IN chk:1",
      "ent:b MENTIONED_IN chk:1",
      "ent:c RELATED_TO ent:a",
    ]);
    // Inside the set the outbound copy is kept: ent:a's mention keeps its weight; ent:b's comes bare.
    expect(bare.find((r) => r.src === "ent:a")?.weight).toBe(3);
    expect(bare.find((r) => r.src === "ent:b")).not.toHaveProperty("weight");
    // RELATED_TO is not bare: reached through its dst it still carries its predicate.
    expect(bare.find((r) => r.type === "RELATED_TO")?.predicate).toBe("born in");
    // Without the option every edge carries its props, as the contract says.
    const full = await s.edgesTouching(["chk:1"], all);
    expect(full.find((r) => r.src === "ent:b")?.weight).toBe(2);
    await s.close();
  });
});
