import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { fixtureStore } from "../../tools/test-store.js";
import type { AgentGenerator, AgentGrader } from "../agent-deps.js";
import { extractiveGenerator } from "../answer/extractive-generator.js";
import { runAgentState } from "../run-agent.js";

/** A grader that hands out the given scores in turn, and a generator that records its bundle. */
function fakes(scores: number[]) {
  const graded: ContextBundle["evidence"][] = [];
  const seen: ContextBundle[] = [];
  const grader: AgentGrader = async (_q, evidence) => {
    graded.push([...evidence]);
    const score = scores[graded.length - 1] ?? 1;
    return { score, coverage: 0.5, entity_coverage: 0.5, answerable: score >= 3, reasons: [`fake ${score}`] };
  };
  const generator: AgentGenerator = async (input) => {
    seen.push(input.bundle);
    return extractiveGenerator(input);
  };
  return { grader, generator, graded, seen };
}

describe("the retry loop answers from the best-graded attempt", { timeout: 60_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await fixtureStore();
  }, 120_000);
  afterAll(async () => store.close());

  it("grades 2, 1, 1: all three attempts run, and generation gets the first bundle", async () => {
    const f = fakes([2, 1, 1]);
    const s = await runAgentState("Who was Boso the Elder?", {
      store,
      grader: f.grader,
      generator: f.generator,
    });
    expect(s.trace.map((e) => e.step)).toEqual([
      "route",
      "retrieve",
      "grade",
      "retrieve",
      "grade",
      "retrieve",
      "grade",
      "generate",
      "verify",
      "finalize",
    ]);
    expect(s.attempts.map((a) => [a.attempt, a.grade.score])).toEqual([
      [0, 2],
      [1, 1],
      [2, 1],
    ]);
    const [first, , last] = s.attempts;
    // The attempts differ (the last one fused four tool calls), so the check below can fail.
    expect(last?.evidence.mode).not.toBe(first?.evidence.mode);
    expect(f.seen).toEqual([first?.evidence]);
    expect(s.evidence).toEqual(first?.evidence);
    expect(s.grade?.score).toBe(2);
    expect(s.used_attempt).toBe(0);
    const lastGrade = s.trace.filter((e) => e.step === "grade").at(-1);
    expect(lastGrade?.detail).toMatchObject({ score: 1, attempt: 2, used_attempt: 0 });
    expect(lastGrade?.detail.decision).toMatch(
      /no retries left: answer from attempt 0 \(grade 2; grades by attempt 2, 1, 1\)/,
    );
  });

  it("grades 1, 2, 1: the middle attempt is used; a last-attempt best changes nothing", async () => {
    const mid = fakes([1, 2, 1]);
    const s = await runAgentState("Who was Boso the Elder?", {
      store,
      grader: mid.grader,
      generator: mid.generator,
    });
    expect(mid.seen).toEqual([s.attempts[1]?.evidence]);
    expect(s.used_attempt).toBe(1);
    const up = fakes([1, 1, 2]);
    const t = await runAgentState("Who was Boso the Elder?", {
      store,
      grader: up.grader,
      generator: up.generator,
    });
    expect(up.seen).toEqual([t.attempts[2]?.evidence]);
    expect(t.trace.filter((e) => e.step === "grade").at(-1)?.detail.decision).toMatch(
      /answer from what was found$/,
    );
  });

  it("a first grade of 3 answers at once from the first attempt", async () => {
    const f = fakes([3, 2]);
    const s = await runAgentState("Who was Boso the Elder?", {
      store,
      grader: f.grader,
      generator: f.generator,
    });
    expect(s.attempts.map((a) => a.grade.score)).toEqual([3]);
    expect(f.seen).toEqual([s.attempts[0]?.evidence]);
    expect(s.trace.filter((e) => e.step === "grade").at(-1)?.detail.decision).toBe("grade 3: answer");
  });
});
