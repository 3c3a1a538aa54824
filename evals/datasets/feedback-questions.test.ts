import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportFeedback, toJsonl } from "../../src/cli/feedback-command.js";
import { tempDir } from "../../src/ingest/test-helpers.js";
import { FeedbackLog } from "../../src/service/feedback-log.js";
import { loadDataset } from "./load-dataset.js";

const TINY = join(import.meta.dirname, "../fixtures/tiny");
const trace = (c: string) => `tr_${c.repeat(32)}`;

// `agr feedback export` writes what `agr eval --questions` reads: checked here, on the eval side,
// because src/ never imports evals/.
describe("feedback cases as eval questions", () => {
  it("loads the exported hard cases back as --questions (round trip)", async () => {
    const dataDir = tempDir("agr-fbx-");
    const log = FeedbackLog.open(dataDir);
    const volcano = { S: "S1", chunk_id: "chk:v", anchor: "p-volcano" };
    log.logQuery({
      trace_id: trace("1"),
      question: "Who won the 1998 chess olympiad?",
      route: "simple",
      not_found: true,
      cited: [],
    });
    log.logQuery({
      trace_id: trace("3"),
      question: "Which volcano stands on Kessa?",
      route: "simple",
      not_found: false,
      cited: [volcano],
    });
    log.addFeedback({ trace_id: trace("3"), helpful: true });
    const out = exportFeedback(dataDir);
    expect(out.by_type).toEqual({ helpful: 1, not_found: 1 });

    const file = join(tempDir("agr-fbq-"), "feedback.jsonl");
    writeFileSync(file, toJsonl(out.cases));
    const dataset = await loadDataset(TINY, { questionsFile: file, scratchDir: tempDir() });
    expect(dataset.split).toBe("feedback");
    expect(dataset.questions.map((q) => q.question).sort()).toEqual(out.cases.map((c) => c.question).sort());
    expect(dataset.questions.find((q) => q.type === "helpful")?.supporting_ids).toEqual(["p-volcano"]);
    // The gold ids are the corpus's own record ids: recall can be scored.
    expect(dataset.notes).toEqual([]);
  });
});
