import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../src/config.js";
import { createLlmSummarizer } from "../../src/index/communities/llm-summarizer.js";
import { createEntityProcessor } from "../../src/index/extract/entity-processor.js";
import { ingestPaths } from "../../src/ingest/pipeline.js";
import { createReferenceProcessor } from "../../src/ingest/reference-processor.js";
import { freePort, openTempStore, TEST_CONFIG, writeTree } from "../../src/ingest/test-helpers.js";
import { createChatModel } from "../../src/llm/chat-model.js";
import { PASSAGES_ARE_DATA } from "../../src/llm/delimit-passages.js";
import { createLlmExtractor } from "../../src/llm/llm-extractor.js";
import { promptStructureProblems } from "../../src/llm/prompt-structure.js";
import { startLlmServer } from "../../src/llm/test-llm-server.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { FIXTURE_DOCS } from "../../tools/test-store.js";
import { type AskResult, toAskResult } from "../ask-result.js";
import { buildAgentGraph } from "../graph.js";
import type { GraphStateType } from "../graph-state.js";
import { runAgentState } from "../run-agent.js";
import { MAX_RETRIES, NOT_FOUND_TEXT } from "../state.js";
import { INJECTED_DOC, INJECTION_QUESTIONS, PLANTED } from "./injected-store.js";
import { createLlmSteps } from "./llm-steps.js";
import { type ChatBody, fixGrade, recordingFetch, stepOf } from "./recording-fetch.js";

// Prompt structure against the REAL local model server (llama.cpp + SmolLM2-135M): where the
// planted document sits in every prompt, and which branch each verdict takes. Where a branch needs
// a verdict the tiny model would not give by itself, its reply is constrained (llama.cpp grammar,
// a fixed JSON schema) but still decoded and streamed by the real server. Never answer quality.
let server: Awaited<ReturnType<typeof startLlmServer>> | undefined;
let store: GraphStore;
let offline: GraphStateType;
const QUESTION = INJECTION_QUESTIONS[0];

const config = (env: Record<string, string> = {}): Config =>
  loadConfig(
    {},
    { AGR_LLM: "openai", AGR_LLM_BASE_URL: server?.baseUrl ?? "", AGR_LLM_MODEL: "smollm2-135m", ...env },
  );

/**
 * The planted document among the fixtures' four short records, not among all the fixtures: the
 * grader's and generator's prompts still hold it beside other passages (5 in all), in fewer tokens,
 * which the model reads at ~100 tokens/s.
 */
async function smallInjectedStore(): Promise<GraphStore> {
  const small = openTempStore();
  await ingestPaths(
    small,
    [join(FIXTURE_DOCS, "records.jsonl"), writeTree({ "harbour-crane.md": INJECTED_DOC })],
    {
      config: TEST_CONFIG,
      processors: [createReferenceProcessor(), createEntityProcessor()],
    },
  );
  return small;
}

beforeAll(async () => {
  [server, store] = await Promise.all([startLlmServer(), smallInjectedStore()]);
  offline = await runAgentState(QUESTION, { store });
}, 600_000);
afterAll(async () => {
  server?.stop();
  await store?.close();
});

/** Problems with a prompt's data structure: every planted phrase must sit inside a passage. */
const structureProblems = (body: ChatBody): string[] => promptStructureProblems(body.messages ?? [], PLANTED);

const carries = (body: ChatBody) => PLANTED.test(JSON.stringify(body.messages ?? []));

async function ask(
  steps: Awaited<ReturnType<typeof createLlmSteps>>,
): Promise<{ r: AskResult; streamed: string }> {
  if (!steps) throw new Error("no LLM steps");
  const graph = buildAgentGraph({ store, ...steps });
  let streamed = "";
  let last: GraphStateType | undefined;
  const stream = await graph.stream(
    { question: QUESTION, mode: "agent", started_at: Date.now() },
    { streamMode: ["custom", "values"] },
  );
  for await (const [mode, chunk] of stream) {
    if (mode === "custom") streamed += String((chunk as { answer_token: string }).answer_token);
    else last = chunk as GraphStateType;
  }
  if (!last) throw new Error("no final state");
  return { r: toAskResult(last), streamed };
}

describe("prompt injection against the real local model server", { timeout: 180_000 }, () => {
  it("every prompt that carries the planted document holds it inside the data delimiters", async () => {
    const evidence = offline.evidence?.evidence ?? [];
    const planted = evidence.find((e) => PLANTED.test(e.text));
    if (!planted || !offline.route || !offline.grade || !offline.evidence)
      throw new Error("planted passage not retrieved");
    const rec = recordingFetch();
    const steps = await createLlmSteps(config(), rec.fetch);
    const chat = await createChatModel(
      config({ AGR_LLM_MAX_TOKENS: "96", AGR_LLM_MAX_RETRIES: "0" }),
      rec.fetch,
    );
    if (!steps || !chat) throw new Error("no LLM");
    await steps.router(QUESTION);
    await steps.grader(QUESTION, evidence, "other");
    await steps.generator({
      question: QUESTION,
      bundle: offline.evidence,
      decision: offline.route,
      grade: offline.grade,
    });
    const wrong = { text: "The harbour crane was serviced in 1999.", cites: [planted.sid] };
    await steps.verifier({ sentences: [wrong], not_found: false }, evidence);
    await createLlmExtractor(chat.model)({ text: planted.text, heading_path: planted.heading_path });
    await createLlmSummarizer(chat.model, chat.id).summarize({
      title: "Harbour",
      top_terms: ["crane"],
      sources: [{ section_id: planted.section_id, title: planted.title, text: planted.text }],
    });

    const carriers = rec.requests.filter(carries);
    // (A malformed answer may be retried, so a step can send its prompt more than once.)
    expect([...new Set(carriers.map(stepOf))].sort()).toEqual([
      "extraction",
      "generate",
      "grade",
      "revise",
      "text",
    ]);
    for (const body of carriers) expect(structureProblems(body), stepOf(body)).toEqual([]);
    // The router sees only the question; the check itself fails on an undelimited prompt.
    expect(rec.requests.filter((b) => stepOf(b) === "route" && carries(b))).toEqual([]);
    const bare = {
      messages: [
        { role: "system", content: PASSAGES_ARE_DATA },
        { role: "user", content: planted.text },
      ],
    };
    expect(structureProblems(bare).length).toBeGreaterThan(1);
  });

  it("a generator refusal, streamed by the real server, is not found", async () => {
    const rec = recordingFetch((body) =>
      body.stream
        ? { ...fixGrade(true)(body), grammar: `root ::= "${NOT_FOUND_TEXT}"` }
        : fixGrade(true)(body),
    );
    const { r, streamed } = await ask(await createLlmSteps(config(), rec.fetch));
    expect(streamed).toBe(NOT_FOUND_TEXT);
    expect(r).toMatchObject({ not_found: true, answer: NOT_FOUND_TEXT, citations: [], short_answer: null });
    const generate = r.trace.find((e) => e.step === "generate");
    expect(generate?.detail.llm).toContain("llm generate: the model answered not found");
    expect(structureProblems(rec.requests.find((b) => stepOf(b) === "generate") ?? {})).toEqual([]);
    expect(offline.final?.not_found).toBe(false); // offline, the same question is answered
  });

  it("the LLM grader's 'not answerable' widens the search, then answers not found without a generator call", async () => {
    const rec = recordingFetch(fixGrade(false));
    const { r } = await ask(await createLlmSteps(config(), rec.fetch));
    expect(rec.requests.filter((b) => stepOf(b) === "grade")).toHaveLength(MAX_RETRIES + 1);
    expect(rec.requests.filter((b) => stepOf(b) === "generate")).toEqual([]);
    expect(r).toMatchObject({ not_found: true, citations: [] });
    const generate = r.trace.find((e) => e.step === "generate");
    expect(generate?.detail.skipped).toMatch(/^llm grader: not answerable \(grade 2, 2 retries\)/);
  });

  it("a failing server: every step falls back to its offline twin and the trace says so", async () => {
    const dead = `http://127.0.0.1:${await freePort()}/v1`;
    const steps = await createLlmSteps(
      config({ AGR_LLM_BASE_URL: dead, AGR_LLM_MAX_RETRIES: "0", AGR_LLM_TIMEOUT_MS: "2000" }),
    );
    const { r } = await ask(steps);
    expect(r.answer).toBe(offline.final?.answer);
    expect(r.tokens).toEqual({ prompt: 0, completion: 0 });
    for (const step of ["route", "grade", "generate"]) {
      const notes = r.trace.find((e) => e.step === step)?.detail.llm;
      expect(notes, step).toEqual([expect.stringMatching(/LLM call failed: .*fell back to the/)]);
    }
  });
});
