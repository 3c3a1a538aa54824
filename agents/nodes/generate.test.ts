import { describe, expect, it } from "vitest";
import type { ResolvedDeps } from "../agent-deps.js";
import { bundle, evidence } from "../answer/test-evidence.js";
import type { GraphStateType } from "../graph-state.js";
import type { Draft, Grade, TraceEvent } from "../schemas.js";
import { createGenerateNode } from "./generate.js";

const DRAFT: Draft = { sentences: [{ text: "Boso was a count.", cites: ["S1"] }], not_found: false };
const GRADE: Grade = { score: 2, coverage: 0.5, entity_coverage: 1, answerable: false, reasons: [] };

function run(grade: Grade) {
  const calls: string[] = [];
  const deps = async () =>
    ({
      generator: async (input: { question: string }) => {
        calls.push(input.question);
        return DRAFT;
      },
    }) as unknown as ResolvedDeps;
  const state = {
    question: "Who was Boso?",
    route: { route: "simple", question_type: "other", confidence: 1, fired: [], source: "rules" },
    grade,
    retries: 2,
    evidence: bundle("Who was Boso?", [evidence("S1", "Boso was a count.")]),
    started_at: Date.now(),
  } as unknown as GraphStateType;
  return createGenerateNode(deps)(state).then((update) => ({
    update,
    calls,
    trace: (update.trace ?? []) as TraceEvent[],
  }));
}

describe("generate node", () => {
  it("the LLM grader's 'not answerable' is not found, without calling the generator, and the trace says why", async () => {
    const { update, calls, trace } = await run({ ...GRADE, source: "llm" });
    expect(calls).toEqual([]);
    expect(update.draft).toEqual({ sentences: [], not_found: true, short_answer: null });
    expect(trace[0]?.detail.skipped).toMatch(/^llm grader: not answerable \(grade 2, 2 retries\)/);
  });

  it("offline, or when the LLM grader says answerable, the generator answers as before", async () => {
    for (const grade of [GRADE, { ...GRADE, answerable: true, source: "llm" as const }]) {
      const { update, calls, trace } = await run(grade);
      expect(calls).toEqual(["Who was Boso?"]);
      expect(update.draft).toEqual(DRAFT);
      expect(trace[0]?.detail.skipped).toBeUndefined();
    }
  });
});
