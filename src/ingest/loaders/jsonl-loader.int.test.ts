import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedPath } from "../test-helpers.js";
import { loadJsonlRecords } from "./jsonl-loader.js";

const CORPUS = sharedPath("datasets/multihop/2wikimultihopqa/corpus.jsonl");

describe.skipIf(!existsSync(CORPUS))("loadJsonlRecords on the 2WikiMultihopQA corpus", () => {
  it("streams all 6,119 records with unique ids", async () => {
    const ids = new Set<string>();
    let count = 0;
    for await (const record of loadJsonlRecords(CORPUS)) {
      count += 1;
      ids.add(record.id);
      expect(record.title.length + record.text.length).toBeGreaterThan(0);
    }
    expect(count).toBe(6119);
    expect(ids.size).toBe(6119);
  });
});
