import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChunkNode } from "../../src/domain/chunk.js";
import { ingestPaths } from "../../src/ingest/pipeline.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../../src/ingest/test-helpers.js";
import { buildBundle } from "../../src/retrieval/build-bundle.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { cut, withCutContinuations } from "./cut-continuations.js";

// A list long enough that the chunker (400 tokens) cuts it after its lead line.
const items = Array.from(
  { length: 60 },
  (_, i) =>
    `- Cause ${i + 1}: the engine skips step ${i + 1} when the input holds a nested loop of depth ${i + 2}.`,
);
const DOC = `# Engine notes\n\n## Slow runs\n\nThe slow runs have these causes:\n\n${items.join("\n")}\n\n## Other\n\nUnrelated text.\n`;

let store: GraphStore;
let chunks: ChunkNode[];
beforeAll(async () => {
  store = openTempStore();
  await ingestPaths(store, [writeTree({ "notes.md": DOC })], { config: TEST_CONFIG });
  const hits = await store.searchText("engine skips step nested loop", { k: 50 });
  const nodes = await store.getNodes(hits.map((h) => h.id));
  chunks = nodes
    .filter((n): n is ChunkNode => n.label === "Chunk" && n.heading_path.at(-1) === "Slow runs")
    .sort((a, b) => a.char_start - b.char_start);
}, 60_000);
afterAll(async () => {
  await store?.close();
});

describe("withCutContinuations", () => {
  it("tells a passage cut before or inside its list from one that ends its statement", () => {
    expect(cut("The slow runs have these causes:")).toBe(true);
    expect(cut("Intro.\n- Cause 1: the engine skips step 1 when")).toBe(true);
    expect(cut("The engine is fast.")).toBe(false);
    expect(cut("- Cause 1: the engine skips step 1.")).toBe(false);
  });

  it("brings the next chunk of the section right after a cut passage, S# renumbered", async () => {
    expect(chunks.length).toBeGreaterThan(1);
    const [first, second] = chunks as [ChunkNode, ChunkNode];
    const bundle = await buildBundle(store, "slow runs causes", "test", [
      { chunk_id: first.id, section_id: first.section_id, doc_id: first.doc_id, score: 1 },
    ]);
    expect(cut(first.text)).toBe(true);
    const out = await withCutContinuations(store, bundle);
    expect(out.evidence.map((e) => e.chunk_id).slice(0, 2)).toEqual([first.id, second.id]);
    expect(out.evidence.map((e) => e.sid)).toEqual(out.evidence.map((_, i) => `S${i + 1}`));
    // Nothing cut, nothing added.
    const whole = {
      ...bundle,
      evidence: bundle.evidence.map((e) => ({ ...e, text: "The engine is fast." })),
    };
    expect(await withCutContinuations(store, whole)).toBe(whole);
  });

  it("continues the cut passage that says what the question asks first, lifted under the top five", async () => {
    // One guide (its setup and its shortcut each end on a colon before a code block), seven other pages.
    const guide =
      "# Guide\n\n## Setup\n\nFirst install the latest release:\n\n```sh\nbrew upgrade tool\n```\n\n## Shortcut\n\nThere is a convenience command for a package with exactly one script, the below command:\n\n```sh\ntool compile-one\n```\n";
    const pages = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [
        `topic-${i + 1}.md`,
        `# Topic ${i + 1}\n\nTopic ${i + 1} covers the harbour crane number ${i + 1} and its paint.\n`,
      ]),
    );
    const s = openTempStore();
    try {
      await ingestPaths(s, [writeTree({ "guide.md": guide, ...pages })], { config: TEST_CONFIG });
      const all = (
        await s.getNodes(
          (await s.searchText("topic setup shortcut convenience install crane", { k: 50 })).map((h) => h.id),
        )
      ).filter((n): n is ChunkNode => n.label === "Chunk");
      const by = (needle: string) => all.find((c) => c.text.includes(needle)) as ChunkNode;
      const ranked = [
        by("install the latest release"),
        ...Array.from({ length: 7 }, (_, i) => by(`harbour crane number ${i + 1} `)),
        by("convenience command"),
      ];
      expect(ranked.every(Boolean)).toBe(true);
      const bundle = await buildBundle(
        s,
        "Is there a command to compile a package with exactly one script?",
        "test",
        ranked.map((c, i) => ({
          chunk_id: c.id,
          section_id: c.section_id,
          doc_id: c.doc_id,
          score: 1 - i / 10,
        })),
      );
      const out = (await withCutContinuations(s, bundle)).evidence.map((e) => e.text);
      const at = out.findIndex((t) => t.includes("convenience command"));
      // Lifted from ninth to sixth, after the top five (the setup passage brought its own block).
      expect(at).toBe(6);
      expect(out[at + 1]).toContain("tool compile-one");
    } finally {
      await s.close();
    }
  });
});
