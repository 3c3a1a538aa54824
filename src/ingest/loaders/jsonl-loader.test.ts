import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type JsonlRecord, loadJsonl, loadJsonlRecords, parseJsonlLine, plainTitle } from "./jsonl-loader.js";

const fixturePath = (name: string): string =>
  fileURLToPath(new URL(`../../../test/fixtures/docs/${name}`, import.meta.url));

const collect = async (path: string): Promise<JsonlRecord[]> => {
  const records: JsonlRecord[] = [];
  for await (const record of loadJsonlRecords(path)) records.push(record);
  return records;
};

describe("loadJsonlRecords", () => {
  it("streams validated records, skipping blank lines and dropping extra fields", async () => {
    const records = await collect(fixturePath("records.jsonl"));
    expect(records.map((r) => r.id)).toEqual(["demo:1", "demo:2", "demo:3"]);
    expect(records[1]).toEqual({
      id: "demo:2",
      title: "Lothair II",
      text: "Lothair II was king of Lotharingia.",
    });
  });

  it("names the line of a record that fails validation", async () => {
    await expect(collect(fixturePath("bad-records.jsonl"))).rejects.toThrow(/bad-records\.jsonl:3: text: /);
    await expect(collect(fixturePath("bad-records.jsonl"))).rejects.toMatchObject({ kind: "user" });
  });

  it("names the line of malformed JSON", async () => {
    await expect(collect(fixturePath("malformed.jsonl"))).rejects.toThrow(/malformed\.jsonl:2: invalid JSON/);
  });

  it("decodes an HTML-escaped title, leaving the text and unknown entities as they are", () => {
    const line = JSON.stringify({
      id: "x:1",
      title: "Salt &amp; Pepper &quot;Live&quot; &#233;t&#xE9;",
      text: "A &amp; B",
    });
    expect(parseJsonlLine(line, 1, "c.jsonl")).toEqual({
      id: "x:1",
      title: 'Salt & Pepper "Live" été',
      text: "A &amp; B",
    });
    expect(plainTitle("R&D &nbsp; &#0; &amp")).toBe("R&D &nbsp; &#0; &amp");
  });

  it("reports a missing file as a user error", async () => {
    await expect(collect(fixturePath("missing.jsonl"))).rejects.toMatchObject({ code: "file_not_found" });
  });
});

describe("loadJsonl", () => {
  it("makes each record a level-1 heading anchored by its id, followed by its text", async () => {
    const path = fixturePath("records.jsonl");
    const doc = await loadJsonl({ path, uri: `file://${path}`, bytes: readFileSync(path) });
    expect(doc.title).toBe("records");
    expect(doc.blocks.slice(0, 2)).toEqual([
      { type: "heading", level: 1, text: "Teutberga", anchor: "demo:1" },
      { type: "paragraph", text: "Teutberga was a queen of Lotharingia." },
    ]);
    expect(doc.blocks).toHaveLength(6);
  });
});
