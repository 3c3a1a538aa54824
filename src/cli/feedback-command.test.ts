import { describe, expect, it } from "vitest";
import { tempDir } from "../ingest/test-helpers.js";
import { FeedbackLog } from "../service/feedback-log.js";
import { exportFeedback } from "./feedback-command.js";

const trace = (c: string) => `tr_${c.repeat(32)}`;

describe("agr feedback export", () => {
  it("turns the log into hard cases: not found, unhelpful with the clicked source, helpful with its citations", async () => {
    const dataDir = tempDir("agr-fbx-");
    const log = FeedbackLog.open(dataDir);
    const volcano = { S: "S1", chunk_id: "chk:v", anchor: "p-volcano" };
    const kessa = { S: "S2", chunk_id: "chk:k", anchor: "p-kessa" };
    // Not found: a hard case with no gold.
    log.logQuery({
      trace_id: trace("1"),
      question: "Who won the 1998 chess olympiad?",
      route: "simple",
      not_found: true,
      cited: [],
    });
    // Unhelpful, with the one source the user found useful.
    log.logQuery({
      trace_id: trace("2"),
      question: "What is the capital of Kessa?",
      route: "relation",
      not_found: false,
      cited: [volcano, kessa],
    });
    log.addFeedback({ trace_id: trace("2"), helpful: false, comment: "wrong city" });
    log.addFeedback({ trace_id: trace("2"), clicked_citation: "S2" });
    // Helpful: the winning chunks become gold.
    log.logQuery({
      trace_id: trace("3"),
      question: "Which volcano stands on Kessa?",
      route: "simple",
      not_found: false,
      cited: [volcano],
    });
    log.addFeedback({ trace_id: trace("3"), helpful: true });
    // Answered without feedback: only with --all.
    log.logQuery({
      trace_id: trace("4"),
      question: "Where is Port Allo?",
      route: "simple",
      not_found: false,
      cited: [kessa],
    });
    // The same question asked again: one case, the latest query's.
    log.logQuery({
      trace_id: trace("5"),
      question: "who won the 1998  chess olympiad?",
      route: "temporal",
      not_found: true,
      cited: [],
    });

    const out = exportFeedback(dataDir);
    expect(out.by_type).toEqual({ unhelpful: 1, helpful: 1, not_found: 1 });
    const byType = Object.fromEntries(out.cases.map((c) => [c.type, c]));
    expect(byType.not_found).toMatchObject({
      supporting_ids: [],
      answers: [],
      route: "temporal",
      trace_id: trace("5"),
    });
    expect(byType.unhelpful).toMatchObject({
      supporting_ids: ["p-kessa"],
      chunk_ids: ["chk:k"],
      comments: ["wrong city"],
    });
    expect(byType.helpful).toMatchObject({ supporting_ids: ["p-volcano"] });
    expect(exportFeedback(dataDir, { all: true }).by_type).toMatchObject({ answered: 1 });
  });

  it("says so when the server never wrote a log", () => {
    expect(() => exportFeedback(tempDir("agr-fbn-"))).toThrow(/no feedback log/);
  });
});
