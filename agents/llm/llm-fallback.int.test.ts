import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { startLlmServer } from "../../src/llm/test-llm-server.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { fixtureStore } from "../../tools/test-store.js";
import { type AskResult, AskResultSchema, toAskResult } from "../ask-result.js";
import { buildAgentGraph } from "../graph.js";
import type { GraphStateType } from "../graph-state.js";
import { createLlmSteps } from "./llm-steps.js";
import { recordingFetch, stepOf } from "./recording-fetch.js";

// Degrade, never fail: the REAL local model server (llama.cpp + SmolLM2-135M, from PyPI) is
// SIGKILLed while a question runs with AGR_LLM=openai. The steps after the kill fall back to their
// offline twins, the trace says so, and the question still gets its answer. Then, with the server
// gone, a global question: its community summaries fall back to the extractive summarizer.
let server: Awaited<ReturnType<typeof startLlmServer>> | undefined;
let store: GraphStore;

beforeAll(async () => {
  [server, store] = await Promise.all([startLlmServer(), fixtureStore()]);
}, 600_000);

afterAll(async () => {
  server?.stop();
  await store?.close();
});

const llmConfig = () =>
  loadConfig(
    {},
    {
      AGR_LLM: "openai",
      AGR_LLM_BASE_URL: server?.baseUrl,
      AGR_LLM_MODEL: "smollm2-135m",
      AGR_LLM_MAX_RETRIES: "1",
    },
  );

/** The trace notes of every event of a step. */
const notesOf = (r: AskResult, step: string): string[] =>
  r.trace.filter((e) => e.step === step).flatMap((e) => (e.detail.llm as string[] | undefined) ?? []);

/** A node's state update that carries the route decision (whatever the node is called). */
const isRouteUpdate = (u: unknown): boolean => typeof u === "object" && u !== null && "route" in u;

/** Every note about a failed LLM call says what took over. */
function expectEveryFailureFellBack(r: AskResult): void {
  const all = r.trace.flatMap((e) => [
    ...((e.detail.llm as string[] | undefined) ?? []),
    ...((e.detail.notes as string[] | undefined) ?? []),
  ]);
  for (const note of all.filter((n) => /LLM call failed|llm summary/.test(n)))
    expect(note).toMatch(/fell back to the (rule router|rule decomposer|offline \w+|extractive \w+)/);
}

describe("the LLM server dies mid-run", { timeout: 300_000 }, () => {
  it("killed after the route step: the question completes, each later step falls back and says so", async () => {
    const rec = recordingFetch();
    const config = llmConfig();
    const graph = buildAgentGraph({ store, llm: config, ...(await createLlmSteps(config, rec.fetch)) });
    let last: GraphStateType | undefined;
    let killed = 0;
    const stream = await graph.stream(
      { question: "Who was Boso the Elder?", mode: "agent", started_at: Date.now() },
      { streamMode: ["updates", "values"] },
    );
    for await (const [mode, chunk] of stream) {
      // The route answered through the server: kill it now, as a crash would, mid-question.
      if (mode === "updates" && !killed && Object.values(chunk as object).some(isRouteUpdate))
        killed = server?.kill() ?? 0;
      if (mode === "values") last = chunk as GraphStateType;
    }
    expect(killed).toBeGreaterThan(0);
    if (!last) throw new Error("no final state");
    const r = AskResultSchema.parse(toAskResult(last));

    // Before the kill the route step went through the real server.
    expect(rec.requests.map(stepOf)[0]).toBe("route");
    const route = r.trace.find((e) => e.step === "route");
    expect(Number(route?.detail.llm_tokens)).toBeGreaterThan(0);
    expect(notesOf(r, "route").join(" ")).not.toMatch(/LLM call failed/);

    // After it, each LLM step failed, fell back to its offline twin, and the trace says so.
    const grades = notesOf(r, "grade");
    expect(grades.length).toBeGreaterThan(0);
    for (const n of grades)
      expect(n).toMatch(/^llm grade: LLM call failed: .*; fell back to the offline grader$/);
    expect(notesOf(r, "generate")).toEqual([
      expect.stringMatching(/^llm generate: LLM call failed: .*; fell back to the extractive generator$/),
    ]);
    expectEveryFailureFellBack(r);

    // The answer stands: the extractive one, cited.
    expect(r.not_found).toBe(false);
    expect(r.answer).toMatch(/Boso/);
    expect(r.citations.length).toBeGreaterThan(0);
  });

  it("with the server gone, a global question: router and community summaries fall back too", async () => {
    await expect(fetch(`${server?.baseUrl}/models`)).rejects.toThrow();
    const config = llmConfig();
    const graph = buildAgentGraph({ store, llm: config, ...(await createLlmSteps(config)) });
    const state = (await graph.invoke({
      question: "What are the main themes across these documents?",
      mode: "agent",
      started_at: Date.now(),
    })) as GraphStateType;
    const r = AskResultSchema.parse(toAskResult(state));

    expect(notesOf(r, "route")).toEqual([
      expect.stringMatching(/^llm route: LLM call failed: .*; fell back to the rule router$/),
    ]);
    expect(r.trace.find((e) => e.step === "route")?.detail).toMatchObject({
      route: "global",
      source: "rules",
    });
    const retrieve = r.trace.find((e) => e.step === "retrieve");
    expect(retrieve?.detail.tools).toEqual(
      expect.arrayContaining([expect.stringMatching(/^community_search/)]),
    );
    const notes = (retrieve?.detail.notes as string[] | undefined) ?? [];
    expect(notes).toContainEqual(
      expect.stringMatching(
        /^llm summary: .*; fell back to the extractive summarizer for the remaining communities$/,
      ),
    );
    // The communities' summaries are the extractive ones (none is labelled llm).
    expect(notes.filter((n) => /^community ".*" \(/.test(n)).every((n) => /extractive/.test(n))).toBe(true);
    expect(notes.some((n) => /^community ".*" \(/.test(n))).toBe(true);
    expectEveryFailureFellBack(r);
    expect(r.answer.length).toBeGreaterThan(0);
  });
});
