import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ChunkNode } from "../../domain/chunk.js";
import { essentialCount, readVarints } from "./bm25-score.js";
import { SqliteGraphStore } from "./sqlite-store.js";

const chunk = (i: number, text: string, heading: string[] = []): ChunkNode => ({
  label: "Chunk",
  id: `c${i}`,
  doc_id: `d${i % 7}`,
  chunk_id: `c${i}`,
  section_id: `s${i}`,
  seq: i,
  text,
  content_type: "text",
  subheadings: [],
  heading_path: heading,
  char_start: 0,
  char_end: text.length,
  bboxes: [],
  token_count: 0,
  content_hash: `h${i}`,
  status: "PENDING",
  retry_count: 0,
});

/** Common words in every row, mid-frequency and rare words by a fixed pseudo-random draw. */
function corpus(n: number): ChunkNode[] {
  let s = 42;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const mid = Array.from({ length: 40 }, (_, i) => `topic${i}`);
  const rare = Array.from({ length: 800 }, (_, i) => `name${i}`);
  return Array.from({ length: n }, (_, i) => {
    const words = ["the", "of", "was"];
    for (let w = 0; w < 3 + Math.floor(rand() * 20); w++)
      words.push(mid[Math.floor(rand() * mid.length)] ?? "");
    for (let w = 0; w < 1 + Math.floor(rand() * 3); w++)
      words.push(rare[Math.floor(rand() * rare.length)] ?? "");
    if (i % 50 === 0) words.push("café");
    const heading = i % 3 === 0 ? [`name${i % 800} topic${i % 40}`] : [];
    return chunk(i, words.join(" "), heading);
  });
}

const file = join(mkdtempSync(join(tmpdir(), "agr-bm25-")), "graph.db");
const fast = SqliteGraphStore.open(file);
const fts5 = SqliteGraphStore.open(file, { textTopK: false });
// Its first round scores the rarest term only: every other row comes from MaxScore's second round.
const pruned = SqliteGraphStore.open(file, { textTopKFirstRound: 1 });
afterAll(async () => {
  await fast.close();
  await pruned.close();
  await fts5.close();
});

describe("BM25 top k by MaxScore", () => {
  it("returns FTS5's own top k, ids and scores, for common, rare and mixed queries", async () => {
    const nodes = corpus(6000);
    for (let i = 0; i < nodes.length; i += 1000) await fast.write({ nodes: nodes.slice(i, i + 1000) });
    const queries = [
      "the of was",
      "name17",
      "Was the name5 of topic3 and topic9?",
      "topic1 topic2 topic3 topic4 name100 name200",
      "name799 the topic39",
      "CAFÉ topic0",
      "unknownword",
      "topic7",
    ];
    for (const q of queries) {
      for (const k of [1, 10, 100]) {
        const want = await fts5.searchText(q, { k });
        for (const store of [fast, pruned]) {
          const got = await store.searchText(q, { k });
          expect(got.map((h) => h.id)).toEqual(want.map((h) => h.id));
          for (const [i, h] of got.entries()) expect(h.score).toBeCloseTo(want[i]?.score ?? Number.NaN, 9);
        }
      }
    }
  });

  it("sees rows another connection wrote after it cached term frequencies", async () => {
    const before = await fast.searchText("name3 zebra", { k: 5 });
    await fts5.write({ nodes: [chunk(99_999, "zebra zebra name3")] });
    const after = await fast.searchText("name3 zebra", { k: 5 });
    expect(before.map((h) => h.id)).not.toContain("c99999");
    expect(after[0]?.id).toBe("c99999");
    expect(after.map((h) => h.id)).toEqual((await fts5.searchText("name3 zebra", { k: 5 })).map((h) => h.id));
  });

  it("splits terms into essential and prunable by their upper bounds", () => {
    // Bounds in descending order: 5 + 1 + 0.5 = 6.5 >= 6, so only the last two can be left out.
    expect(essentialCount([5, 1, 0.5], 6)).toBe(1);
    expect(essentialCount([5, 1, 0.5], 1.4)).toBe(2);
    // A row matching only the last two could tie the threshold: it must still be scored.
    expect(essentialCount([5, 1, 0.5], 1.5)).toBe(2);
    expect(essentialCount([5, 1, 0.5], 1.6)).toBe(1);
    expect(essentialCount([5, 1, 0.5], 0)).toBe(3);
  });

  it("reads SQLite varints, one to nine bytes", () => {
    expect(readVarints(Uint8Array.from([0x05, 0x81, 0x00, 0x7f]))).toEqual([5, 128, 127]);
  });
});
