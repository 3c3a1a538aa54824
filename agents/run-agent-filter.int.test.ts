import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkPasses, normalizeFilter, type RetrievalFilter } from "../src/domain/retrieval-filter.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { fixtureStore } from "../tools/test-store.js";
import { runAgent, runAgentState } from "./run-agent.js";
import { createAgentRunner } from "./stream-agent.js";

describe("the agent answers only from what a filter allows", { timeout: 120_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await fixtureStore();
  }, 120_000);
  afterAll(async () => store.close());

  /** Every evidence item (passages and graph items) of a state rests on an allowed chunk. */
  async function allAllowed(ids: readonly string[], filter: RetrievalFilter): Promise<boolean> {
    const docs = new Map((await store.listDocuments()).map((d) => [d.id, d]));
    const f = normalizeFilter(filter);
    return (await store.getNodes(ids)).every((n) => {
      const doc = docs.get(n.doc_id);
      return n.label === "Chunk" && doc !== undefined && chunkPasses(f, n, doc);
    });
  }

  it("cites only the allowed document when it holds the answer", async () => {
    const filter = { uri: "*/records.jsonl" };
    const s = await runAgentState("Who was Boso the Elder?", { store }, { filter });
    const ids = s.evidence?.evidence.map((e) => e.chunk_id) ?? [];
    expect(ids.length).toBeGreaterThan(0);
    expect(await allAllowed(ids, filter)).toBe(true);
    expect(s.final?.not_found).toBe(false);
    const r = await runAgent("Who was Boso the Elder?", { store }, { filter });
    expect(r.answer).toMatch(/Boso the Elder was a Frankish nobleman/);
    expect(r.citations.every((c) => /records\.jsonl/.test(c.url ?? c.uri))).toBe(true);
  });

  it("says not found when nothing the filter allows answers, though the store does", async () => {
    const filter = { uri: "*/guide.md" };
    const s = await runAgentState("Who was Boso the Elder?", { store }, { filter });
    const every = s.attempts.flatMap((a) => a.evidence.evidence.map((e) => e.chunk_id));
    expect(every.length).toBeGreaterThan(0);
    expect(await allAllowed(every, filter)).toBe(true);
    expect(s.final?.not_found).toBe(true);
    // Without the filter the same question is answered: the refusal is the filter's doing.
    expect((await runAgent("Who was Boso the Elder?", { store })).not_found).toBe(false);
  });

  it("keeps a multi-hop run (hops, paths, facts) inside the filter", async () => {
    const filter = { uri: "*/records.jsonl", section: "Teutberga" };
    const s = await runAgentState(
      "Who was the king of the land where Teutberga was queen?",
      { store },
      { filter },
    );
    const ids = [
      ...s.attempts.flatMap((a) => a.evidence.evidence.map((e) => e.chunk_id)),
      ...s.tool_calls.flatMap((c) => c.evidence_ids),
    ];
    expect(ids.length).toBeGreaterThan(0);
    expect(await allAllowed(ids, filter)).toBe(true);
    expect(ids.join(" ")).not.toMatch(/demo%3A2|demo:2/);
  });

  it("a long-lived runner serves runs of different scopes", async () => {
    const runner = createAgentRunner({ store });
    const inside = await runner.ask("Who was Boso the Elder?", { filter: { uri: "*/records.jsonl" } });
    const outside = await runner.ask("Who was Boso the Elder?", { filter: { kind: "markdown" } });
    expect(inside.not_found).toBe(false);
    expect(outside.not_found).toBe(true);
  });
});
