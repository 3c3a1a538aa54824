import { describe, expect, it } from "vitest";
import { ingestPaths } from "../../ingest/pipeline.js";
import { createReferenceProcessor } from "../../ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../../ingest/test-helpers.js";
import type { ChunkExtraction, LlmExtractor } from "../../llm/llm-extractor.js";
import { createEmbeddingProcessor } from "../embeddings/embedding-processor.js";
import { createFallbackEmbedder } from "../embeddings/fallback-embedder.js";
import { createEntityProcessor } from "../extract/entity-processor.js";

const PEOPLE = ["Ada Lovelace", "Charles Babbage", "Alan Turing", "Grace Hopper", "John Neumann"];
const doc = PEOPLE.map(
  (p, i) =>
    `# ${p}\n\n${p} worked with ${PEOPLE[(i + 1) % PEOPLE.length]} on computing machines in London.\n\n` +
    `## Legacy of ${p}\n\n${p} influenced ${PEOPLE[(i + 2) % PEOPLE.length]} and later computing research.\n`,
).join("\n");

/** A fake LLM: names the first two people of the passage, 100 + 20 tokens per call. */
function fakeLlm(mode: { fail?: string; malformed?: (text: string) => boolean } = {}) {
  const calls: string[] = [];
  const extract: LlmExtractor = async (chunk): Promise<ChunkExtraction> => {
    if (mode.fail) throw new Error(mode.fail);
    calls.push(chunk.text);
    const usage = { input: 100, output: 20 };
    if (mode.malformed?.(chunk.text)) return { ok: false, reason: "malformed LLM output: not JSON", usage };
    const named = PEOPLE.filter((p) => chunk.text.includes(p)).slice(0, 2);
    const [a, b] = named;
    return {
      ok: true,
      usage,
      extraction: {
        entities: named.map((name) => ({ name, type: "NAME" as const })),
        relations: a && b ? [{ subject: a, predicate: "worked with", object: b }] : [],
      },
    };
  };
  return { calls, llm: { id: "fake:llm", extract, batchSize: 2 } };
}

async function setup() {
  const root = writeTree({ "people.md": doc });
  const store = openTempStore();
  const processors = [
    createReferenceProcessor(),
    createEntityProcessor(),
    createEmbeddingProcessor(createFallbackEmbedder()),
  ];
  const ingest = (llm?: ReturnType<typeof fakeLlm>["llm"]) =>
    ingestPaths(store, [root], {
      config: TEST_CONFIG,
      processors,
      skeleton: { beta: 0.3, k: 3, ...(llm ? { llm } : {}) },
    });
  return { store, ingest };
}

describe("skeleton indexing", () => {
  it("builds the kNN graph, extracts the top β only, resumes after an LLM error and never redoes a chunk", async () => {
    const { store, ingest } = await setup();
    const failing = fakeLlm({ fail: "429 You exceeded your current quota" });
    const first = await ingest(failing.llm);
    const s1 = first.skeleton;
    expect(s1?.chunks).toBe(10);
    expect(s1?.skeleton_chunks).toBe(3);
    expect(s1?.similar_to).toBeGreaterThan(0);
    expect(s1?.similar_to).toBeLessThanOrEqual(30);
    expect(s1?.error).toMatch(/quota/);
    expect(s1?.extracted).toBe(0);
    const failed = await store.findNodes({ label: "Chunk", where: { status: "FAILED" } });
    expect(failed).toHaveLength(2); // the batch in flight
    expect(failed[0]?.error).toMatch(/^llm: .*quota/);
    expect(await store.findNodes({ label: "Relation", where: { source: "llm" } })).toHaveLength(0);
    const edges = await store.findEdges({ type: "SIMILAR_TO" });
    expect(edges.every((e) => (e.props.weight ?? 0) > 0 && e.src !== e.dst)).toBe(true);

    const ok = fakeLlm();
    const second = (await ingest(ok.llm)).skeleton;
    expect(second).toMatchObject({ extracted: 3, already_extracted: 0, failed: 0, llm: "fake:llm" });
    expect(second?.tokens_used).toEqual({ input: 300, output: 60, total: 360 });
    expect(second?.tokens_per_chunk).toBe(120);
    expect(second?.tokens_saved).toBe(120 * 7);
    expect(ok.calls).toHaveLength(3);
    const relations = await store.findNodes({ label: "Relation", where: { source: "llm" } });
    expect(relations.length).toBeGreaterThan(0);
    expect(await store.findNodes({ label: "Chunk", where: { status: "FAILED" } })).toHaveLength(0);
    const asserts = await store.findEdges({ type: "ASSERTS" });
    const llmIds = new Set(relations.map((r) => r.id));
    const llmAsserts = asserts.filter((e) => llmIds.has(e.dst));
    expect(llmAsserts).toHaveLength(relations.length);
    expect(
      llmAsserts.every((e) => e.props.chunk_id && relations.some((r) => r.chunk_id === e.props.chunk_id)),
    ).toBe(true);

    const again = fakeLlm();
    const third = (await ingest(again.llm)).skeleton;
    expect(again.calls).toHaveLength(0);
    expect(third).toMatchObject({ extracted: 0, already_extracted: 3, tokens_saved: 120 * 7 });
    expect(third?.tokens_used.total).toBe(0);
    await store.close();
  });

  it("fails only the chunk whose output is malformed and retries it on the next run", async () => {
    const { store, ingest } = await setup();
    let answers = 0;
    // The first answer is malformed.
    const flaky = fakeLlm({ malformed: () => answers++ === 0 });
    const first = (await ingest(flaky.llm)).skeleton;
    expect(first).toMatchObject({ extracted: 2, failed: 1 });
    const failed = await store.findNodes({ label: "Chunk", where: { status: "FAILED" } });
    expect(failed.map((c) => [c.error, c.retry_count])).toEqual([["llm: malformed LLM output: not JSON", 1]]);
    const retry = fakeLlm();
    const second = (await ingest(retry.llm)).skeleton;
    expect(second).toMatchObject({ extracted: 1, already_extracted: 2, failed: 0 });
    expect(retry.calls).toEqual([failed[0]?.text]);
    await store.close();
  });

  it("without an LLM only ranks: no extraction, no tokens", async () => {
    const { store, ingest } = await setup();
    const r = (await ingest()).skeleton;
    expect(r).toMatchObject({ llm: null, skeleton_chunks: 3, extracted: 0, tokens_saved: 0 });
    // Nothing changed and no LLM: the rerun skips the step.
    expect((await ingest()).skeleton).toBeUndefined();
    await store.close();
  });
});
