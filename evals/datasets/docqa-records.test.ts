import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../src/ingest/test-helpers.js";
import { DocQaRecordSchema, isDocQaFile } from "./docqa-records.js";
import { parseJsonlText } from "./read-jsonl-file.js";

const answerable = {
  id: "dq-1",
  question: "What was the total?",
  answers: ["8,420"],
  answerable: true,
  route: "simple",
  doc: "pdf/report.pdf",
  locations: [{ doc: "pdf/report.pdf", page: 76 }],
};
const missing = {
  ...answerable,
  id: "dq-2",
  answers: [],
  answerable: false,
  route: "not_found",
  locations: [],
};

describe("docqa records", () => {
  it("parses answerable and unanswerable items with page and heading locations", () => {
    const heading = { ...answerable, id: "dq-3", locations: [{ doc: "md/a.mdx", heading: "Install" }] };
    const text = [answerable, missing, heading].map((r) => JSON.stringify(r)).join("\n");
    expect(parseJsonlText(text, DocQaRecordSchema, "dev.jsonl").map((r) => r.value.id)).toEqual([
      "dq-1",
      "dq-2",
      "dq-3",
    ]);
  });

  it("refuses inconsistent items", () => {
    const bad = [
      { ...answerable, answerable: false },
      { ...answerable, answers: [] },
      { ...answerable, route: "lookup" },
      { ...answerable, locations: [{ doc: "pdf/report.pdf", page: 0 }] },
    ];
    for (const r of bad) expect(DocQaRecordSchema.safeParse(r).success).toBe(false);
  });

  it("tells a docqa file from a passage-id question file", async () => {
    const dir = tempDir("docqa-records-");
    const docqa = join(dir, "dev.jsonl");
    const plain = join(dir, "plain.jsonl");
    writeFileSync(docqa, `\n${JSON.stringify(answerable)}\n`);
    writeFileSync(plain, `${JSON.stringify({ id: "q1", question: "?", answers: [], supporting_ids: [] })}\n`);
    expect(await isDocQaFile(docqa)).toBe(true);
    expect(await isDocQaFile(plain)).toBe(false);
  });
});
