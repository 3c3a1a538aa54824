import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { ChunkNode } from "../../domain/chunk.js";
import { HEAD_SIZE, mergePostings, postingImpact } from "./bm25-heads.js";
import { SqliteGraphStore } from "./sqlite-store.js";

const chunk = (i: number, text: string): ChunkNode => ({
  label: "Chunk",
  id: `c${i}`,
  doc_id: `d${i % 7}`,
  chunk_id: `c${i}`,
  section_id: `s${i}`,
  seq: i,
  text,
  content_type: "text",
  subheadings: [],
  heading_path: i % 4 === 0 ? [`topic${i % 30}`] : [],
  char_start: 0,
  char_end: text.length,
  bboxes: [],
  token_count: 0,
  content_hash: `h${i}`,
  status: "PENDING",
  retry_count: 0,
});

/** Words in every row, in many rows (past HEAD_SIZE) and in a few, by a fixed pseudo-random draw. */
function corpus(from: number, n: number): ChunkNode[] {
  let s = 7 + from;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, (_, j) => {
    const words = ["the", "of"];
    for (let w = 0; w < 2 + Math.floor(rand() * 25); w++) words.push(`topic${Math.floor(rand() * 30)}`);
    for (let w = 0; w < 1 + Math.floor(rand() * 2); w++) words.push(`name${Math.floor(rand() * 900)}`);
    return chunk(from + j, words.join(" "));
  });
}

const file = join(mkdtempSync(join(tmpdir(), "agr-heads-")), "graph.db");
const heads = SqliteGraphStore.open(file, { textHeadsMinRows: 1000 });
const exact = SqliteGraphStore.open(file, { textTopK: false });
afterAll(async () => {
  await heads.close();
  await exact.close();
});
const ids = async (store: SqliteGraphStore, q: string, k: number) =>
  (await store.searchText(q, { k })).map((h) => h.id);

describe("BM25 impact heads", () => {
  it("keeps the best postings by impact, a new posting replacing its row's old one", () => {
    // rid, heading << 16 | body counts, length: more of the word in a shorter row ranks higher.
    const old = mergePostings(new Uint32Array(), [1, 1, 50, 2, 3, 50, 3, 1, 200], 3);
    expect(Array.from(old.filter((_, i) => i % 3 === 0))).toEqual([2, 1, 3]);
    expect(postingImpact(old, 0)).toBeGreaterThan(postingImpact(old, 1));
    const merged = mergePostings(old, [4, 2, 10, 1, 1, 400], 3);
    expect(Array.from(merged.filter((_, i) => i % 3 === 0))).toEqual([4, 2, 3]);
  });

  it("finds FTS5's top k with exact scores while frequent terms are read from their heads", async () => {
    const nodes = corpus(0, 6000);
    for (let i = 0; i < nodes.length; i += 1000) await heads.write({ nodes: nodes.slice(i, i + 1000) });
    const db = new Database(file, { readonly: true });
    const full = db
      .prepare("SELECT count(*) FROM bm25_heads WHERE length(postings) = ?")
      .pluck()
      .get(HEAD_SIZE * 12);
    db.close();
    expect(Number(full)).toBeGreaterThan(20); // "the", "of" and the topics are truncated
    let agree = 0;
    let total = 0;
    for (const q of [
      "the of",
      "topic3",
      "name17 topic3 topic9",
      "topic1 topic2 topic3 name100 name200",
      "name899",
    ]) {
      const want = await exact.searchText(q, { k: 10 });
      const got = await heads.searchText(q, { k: 10 });
      expect(got.length).toBe(want.length);
      const byId = new Map(want.map((h) => [h.id, h.score]));
      for (const h of got) {
        total++;
        if (byId.has(h.id)) {
          agree++;
          expect(h.score).toBeCloseTo(byId.get(h.id) ?? Number.NaN, 9);
        }
      }
    }
    expect(agree / total).toBeGreaterThanOrEqual(0.95);
  });

  it("sees rows written since the last merge and rows rewritten in place", async () => {
    await heads.write({ nodes: [chunk(9001, "zebra topic3 the")] });
    expect((await ids(heads, "zebra topic3", 3))[0]).toBe("c9001");
    // c5 was merged into the heads; rewritten with a new word it must be found by that word.
    await heads.write({ nodes: [chunk(5, "okapi okapi of")] });
    expect((await ids(heads, "okapi", 3))[0]).toBe("c5");
    expect(await ids(heads, "okapi topic3", 10)).toEqual(await ids(exact, "okapi topic3", 10));
  });
});
