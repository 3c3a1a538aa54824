import { describe, expect, it } from "vitest";
import type { ContextBundle } from "../src/retrieval/context-bundle.js";
import type { ToolResult } from "../tools/tool-result.js";
import { withAnchor } from "./anchor-evidence.js";

const passage = (id: string, i: number) => ({
  sid: `S${i + 1}`,
  chunk_id: id,
  section_id: `s-${id}`,
  doc_id: "d",
  title: "t",
  heading_path: [],
  text: id,
  char_start: 0,
  char_end: 1,
  score: 1 / (1 + i),
  citation: { kind: "url" as const, url: `u#${id}` },
  ...(id === "e" ? { hop: 1 } : {}),
});
const bundle = (ids: string[]): ContextBundle => ({
  query: "q",
  mode: "ppr",
  summaries: [],
  evidence: ids.map(passage),
  token_count: 10,
  token_budget: 2000,
});
const dense = (ids: string[]) =>
  ({ ranked: ids.map((chunk_id) => ({ chunk_id, section_id: "s", doc_id: "d", score: 1 })) }) as ToolResult;
const order = (b: ContextBundle) => b.evidence.map((e) => `${e.sid}:${e.chunk_id}`);

describe("withAnchor", () => {
  it("moves dense's first two passages within the first two and five places, renumbered", () => {
    const out = withAnchor(bundle(["a", "b", "c", "d", "e", "f", "g"]), dense(["c", "g"]), [2, 5]);
    expect(order(out)).toEqual(["S1:a", "S2:c", "S3:b", "S4:d", "S5:g", "S6:e", "S7:f"]);
    // A passage keeps the hop that brought it.
    expect(out.evidence.find((e) => e.chunk_id === "e")?.hop).toBe(1);
  });

  it("never brings in a passage the bundle lacks, and keeps a bundle already in place", () => {
    const b = bundle(["a", "b", "c"]);
    expect(withAnchor(b, dense(["x", "c"]), [2, 5])).toBe(b);
    expect(withAnchor(b, dense(["b", "c"]), [2, 5])).toBe(b);
  });
});
