import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sha256 } from "../../src/domain/ids.js";
import { tempDir, writeTree } from "../../src/ingest/test-helpers.js";
import { loadDataset } from "./load-dataset.js";

const FIXTURES = join(import.meta.dirname, "../fixtures");

describe("loadDataset (corpus.jsonl + <split>.jsonl)", () => {
  it("reads the corpus and the dev split by default", async () => {
    const d = await loadDataset(join(FIXTURES, "tiny"), { scratchDir: tempDir() });
    expect(d.name).toBe("tiny");
    expect(d.split).toBe("dev");
    expect(d.corpusFile).toBe(join(FIXTURES, "tiny", "corpus.jsonl"));
    expect(d.corpusHash).toBe(sha256(readFileSync(d.corpusFile)));
    expect(d.passageIds.size).toBe(8);
    expect(d.questions.map((q) => q.id)).toEqual(["q1", "q2", "q3", "q4"]);
    expect(d.questions[1]).toEqual({
      id: "q2",
      question: "In which town was the engineer who built the Allo lighthouse born?",
      answers: ["Dellwick"],
      supporting_ids: ["p-allo", "p-venn"],
      type: "bridge",
    });
    expect(d.notes).toEqual([]);
  });

  it("reads heldout, or a --questions file named as the split", async () => {
    const held = await loadDataset(join(FIXTURES, "tiny"), { split: "heldout", scratchDir: tempDir() });
    expect(held.questions.map((q) => q.id)).toEqual(["h1"]);
    const extra = await loadDataset(join(FIXTURES, "tiny"), {
      questionsFile: join(FIXTURES, "tiny", "extra-questions.jsonl"),
      scratchDir: tempDir(),
    });
    expect(extra.split).toBe("extra-questions");
    expect(extra.questions.map((q) => q.id)).toEqual(["x1", "x2"]);
  });

  it("notes gold ids missing from the corpus", async () => {
    const root = writeTree({
      "corpus.jsonl": '{"id":"a","title":"A","text":"alpha"}\n',
      "dev.jsonl": '{"id":"q","question":"?","answers":[],"supporting_ids":["a","zz"]}\n',
    });
    const d = await loadDataset(root, { scratchDir: tempDir() });
    expect(d.notes).toEqual([
      "1 gold passage ids (in 1 questions) are not in the corpus; they stay in recall's denominator.",
    ]);
  });

  it("names file and line of an invalid record", async () => {
    const root = writeTree({
      "corpus.jsonl": '{"id":"a","title":"A","text":"alpha"}\n\n{"id":"b","title":"B"}\n',
      "dev.jsonl": '{"id":"q","question":"?","answers":[],"supporting_ids":[]}\n',
    });
    await expect(loadDataset(root, { scratchDir: tempDir() })).rejects.toThrow(
      "corpus.jsonl:3: text: Invalid input: expected string, received undefined",
    );
    writeFileSync(join(root, "corpus.jsonl"), '{"id":"a","title":"A","text":"alpha"}\n');
    writeFileSync(
      join(root, "dev.jsonl"),
      '{"id":"q","question":"?","answers":"x","supporting_ids":[]}\n{oops\n',
    );
    await expect(loadDataset(root, { scratchDir: tempDir() })).rejects.toThrow(/^dev\.jsonl:1: answers: /);
    writeFileSync(
      join(root, "dev.jsonl"),
      '{"id":"q","question":"?","answers":[],"supporting_ids":[]}\n{oops\n',
    );
    await expect(loadDataset(root, { scratchDir: tempDir() })).rejects.toThrow(/^dev\.jsonl:2: invalid JSON/);
  });

  it("refuses duplicate ids, a missing split, a missing or unknown folder", async () => {
    const root = writeTree({
      "corpus.jsonl": '{"id":"a","title":"A","text":"x"}\n{"id":"a","title":"B","text":"y"}\n',
    });
    await expect(loadDataset(root, { scratchDir: tempDir() })).rejects.toThrow(
      "corpus.jsonl:2: id: duplicate id a (first on line 1)",
    );
    const noSplit = writeTree({ "corpus.jsonl": '{"id":"a","title":"A","text":"x"}\n' });
    await expect(loadDataset(noSplit, { split: "heldout", scratchDir: tempDir() })).rejects.toThrow(
      /heldout\.jsonl: no such file$/,
    );
    await expect(loadDataset(join(noSplit, "nope"), { scratchDir: tempDir() })).rejects.toThrow(
      /nope: no such folder$/,
    );
    const empty = writeTree({ "README.txt": "x" });
    await expect(loadDataset(empty, { scratchDir: tempDir() })).rejects.toMatchObject({
      code: "dataset_invalid",
    });
  });
});

describe("loadDataset (MultiHop-RAG layout)", () => {
  it("adapts articles and queries into a corpus file in the scratch folder, stable across runs", async () => {
    const scratch = tempDir();
    const d = await loadDataset(join(FIXTURES, "tiny-mhr"), { scratchDir: scratch });
    expect(d.name).toBe("tiny-mhr");
    expect(d.split).toBe("queries");
    expect(d.corpusFile.startsWith(scratch)).toBe(true);
    const lines = readFileSync(d.corpusFile, "utf8").trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0] ?? "")).toEqual({
      id: "mhr:aaaa000000000001",
      title: "Lighthouse reopens in Port Allo",
      text: "Kessa Times, 2023-10-02\nThe Allo lighthouse reopened on Monday after a two-year restoration.",
    });
    expect(d.corpusHash).toBe(sha256(readFileSync(d.corpusFile)));
    expect(d.questions.map((q) => q.supporting_ids)).toEqual([
      ["mhr:aaaa000000000001", "mhr:b9753bdcd73221c0"],
      ["mhr:aaaa000000000003"],
      [],
    ]);
    expect(d.notes.join("\n")).toMatch(/1 of 3 queries have no gold passage \(null_query\)/);
    expect(d.notes.join("\n")).toMatch(/1 evidence items matched no article/);
    const again = await loadDataset(join(FIXTURES, "tiny-mhr"), { scratchDir: scratch });
    expect(again.corpusFile).toBe(d.corpusFile);
  });
});
