import { appendFileSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AgrError } from "../errors.js";
import { tempDir } from "../ingest/test-helpers.js";
import { anchorOf, FeedbackLog, LogRecordSchema, readFeedbackFile } from "./feedback-log.js";

const TRACE = `tr_${"a".repeat(32)}`;
const cited = [
  { S: "S1", chunk_id: "chk:1", anchor: "p-volcano" },
  { S: "S2", chunk_id: "chk:2" },
];

describe("FeedbackLog", () => {
  it("appends queries and feedback as validated JSONL lines, timestamped by the injected clock", () => {
    const dir = tempDir("agr-fb-");
    const log = FeedbackLog.open(dir, { now: () => Date.parse("2024-05-01T10:00:00Z") });
    log.logQuery({ trace_id: TRACE, question: "Which volcano?", route: "simple", not_found: false, cited });
    expect(log.addFeedback({ trace_id: TRACE, helpful: true }).id).toMatch(/^fb_[0-9a-f]{20}$/);
    log.addFeedback({ trace_id: TRACE, clicked_citation: "S1" });
    log.addFeedback({ trace_id: TRACE, clicked_citation: "chk:2", comment: "good source" });
    const lines = readFileSync(log.file, "utf8").trim().split("\n");
    expect(lines).toHaveLength(4);
    const records = lines.map((l) => LogRecordSchema.parse(JSON.parse(l)));
    expect(records.every((r) => r.at === "2024-05-01T10:00:00.000Z")).toBe(true);
    expect(records[2]).toMatchObject({
      kind: "feedback",
      clicked_citation: "S1",
      chunk_id: "chk:1",
      anchor: "p-volcano",
    });
    expect(records[3]).toMatchObject({ chunk_id: "chk:2", comment: "good source" });
    expect(log.stats()).toEqual({
      queries: 1,
      not_found: 0,
      helpful: 1,
      unhelpful: 0,
      citation_clicks: 2,
      comments: 1,
      skipped_lines: 0,
    });
  });

  it("refuses feedback on an unknown trace (not found) or a citation the answer does not have (user error)", () => {
    const log = FeedbackLog.open(tempDir("agr-fb-"));
    log.logQuery({ trace_id: TRACE, question: "q", route: "simple", not_found: false, cited });
    const other = `tr_${"b".repeat(32)}`;
    expect(() => log.addFeedback({ trace_id: other, helpful: true })).toThrow(
      expect.objectContaining({ kind: "not_found", code: "unknown_trace" }),
    );
    try {
      log.addFeedback({ trace_id: TRACE, clicked_citation: "S9" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AgrError);
      expect(error).toMatchObject({ kind: "user", code: "unknown_citation" });
    }
    expect(log.stats().citation_clicks).toBe(0);
  });

  it("reopens the file: counts and trace ids come back, invalid lines are skipped and counted", () => {
    const dir = tempDir("agr-fb-");
    const first = FeedbackLog.open(dir);
    first.logQuery({ trace_id: TRACE, question: "q", route: "global", not_found: true, cited: [] });
    appendFileSync(first.file, 'not json\n{"kind":"feedback","id":1}\n\n');
    const again = FeedbackLog.open(dir);
    expect(again.stats()).toMatchObject({ queries: 1, not_found: 1, skipped_lines: 2 });
    expect(again.query(TRACE)?.route).toBe("global");
    again.addFeedback({ trace_id: TRACE, helpful: false });
    expect(readFeedbackFile(again.file).records).toHaveLength(2);
  });

  it("anchorOf reads a citation URL's fragment", () => {
    expect(anchorOf("file:///c/corpus.jsonl#p%20volcano")).toBe("p volcano");
    expect(anchorOf("file:///c/a.pdf")).toBeUndefined();
    expect(anchorOf(undefined)).toBeUndefined();
    expect(anchorOf("x#")).toBeUndefined();
  });
});
