import { describe, expect, it } from "vitest";
import { lengthBatches, TOKEN_BUDGET } from "./length-batches.js";
import { workerLayout } from "./local-embedder.js";

describe("lengthBatches", () => {
  it("covers every text once, shortest first, within the batch size and token budget", () => {
    const texts = Array.from({ length: 100 }, (_, i) => "word ".repeat((i * 37) % 400));
    const batches = lengthBatches(texts, 32, 512);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(texts.map((_, i) => i));
    const tokens = (i: number) => Math.min(512, Math.ceil((texts[i]?.length ?? 0) / 4) + 2);
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(32);
      if (b.length > 1) expect(b.length * Math.max(...b.map(tokens))).toBeLessThanOrEqual(TOKEN_BUDGET);
    }
    const firsts = batches.map((b) => tokens(b[0]!));
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    // Short texts fill whole batches; a text over the budget still gets a batch of its own.
    expect(lengthBatches(["a", "b", "c"], 2, 512)).toEqual([[0, 1], [2]]);
    expect(lengthBatches(["x".repeat(9000)], 32, 512)).toEqual([[0]]);
  });

  it("takes another token budget per call", () => {
    // 100-token texts: 5 fit the default 512 padded tokens, 20 fit 2048 (capped by the batch size).
    const texts = Array.from({ length: 40 }, () => "x".repeat(392));
    expect(lengthBatches(texts, 32, 512).map((b) => b.length)).toEqual(Array(8).fill(5));
    expect(lengthBatches(texts, 32, 512, 2048).map((b) => b.length)).toEqual([20, 20]);
    expect(lengthBatches(texts, 32, 512, 8192).map((b) => b.length)).toEqual([32, 8]);
  });
});

describe("workerLayout", () => {
  it("gives each core a single-threaded session, at most 4, and threads beyond that", () => {
    expect(workerLayout(1)).toEqual({ workers: 0, threads: 1 });
    expect(workerLayout(2)).toEqual({ workers: 2, threads: 1 });
    expect(workerLayout(8)).toEqual({ workers: 4, threads: 2 });
    expect(workerLayout(8, 0)).toEqual({ workers: 0, threads: 8 });
    expect(workerLayout(2, 1, 2)).toEqual({ workers: 1, threads: 2 });
  });
});

describe("lengthBatches with token counts", () => {
  it("batches by the counts given, not by the characters", () => {
    // Same characters, very different token counts: the counts decide the order and the budget.
    const texts = ["aaaa", "bbbb", "cccc", "dddd"];
    const batches = lengthBatches(texts, 32, 512, 1024, [400, 3, 400, 3]);
    expect(batches).toEqual([
      [1, 3],
      [0, 2],
    ]);
    // Counts above the model's limit are truncated, as the tokenizer will.
    expect(lengthBatches(["a", "b"], 32, 512, 1024, [900, 900])).toEqual([[0, 1]]);
  });
});
