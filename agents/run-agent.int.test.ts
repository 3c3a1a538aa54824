import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphStore } from "../src/store/graph-store.js";
import { fixtureStore } from "../tools/test-store.js";
import { AskResultSchema } from "./ask-result.js";
import { ASK_MODES } from "./graph-state.js";
import { runAgent, runAgentState } from "./run-agent.js";
import { MAX_RETRIES, NOT_FOUND_TEXT } from "./state.js";

const CONTRACT_KEYS = [
  "answer",
  "citations",
  "not_found",
  "not_found_reason",
  "route",
  "short_answer",
  "tokens",
  "trace",
  "verification",
];

describe("the agent graph over a real store of test/fixtures/docs", { timeout: 60_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await fixtureStore();
  }, 120_000);
  afterAll(async () => store.close());

  it("answers a simple question with cited, verified sentences and the public contract", async () => {
    const r = await runAgent("Who was Boso the Elder?", { store });
    expect(Object.keys(r).sort()).toEqual(CONTRACT_KEYS);
    expect(AskResultSchema.parse(r)).toEqual(r);
    expect(r).toMatchObject({ route: "simple", not_found: false, tokens: { prompt: 0, completion: 0 } });
    expect(r.answer).toBe("Boso the Elder was a Frankish nobleman. [S1]");
    expect(r.citations).toEqual([
      expect.objectContaining({ S: "S1", url: expect.stringMatching(/records\.jsonl#demo%3A3$/) }),
    ]);
    expect(r.verification).toEqual({ sentences: 1, supported: 1, dropped: 0, contradictions: [] });
    expect(r.trace.map((e) => e.step)).toEqual([
      "route",
      "retrieve",
      "grade",
      "generate",
      "verify",
      "finalize",
    ]);
    expect(r.trace.find((e) => e.step === "retrieve")?.detail.strategy).toBe(
      "simple → ppr_search + graph_paths",
    );
  });

  it("multi_hop runs ppr_search + graph_paths and the path reaches the bridge entity's passage", async () => {
    const s = await runAgentState("Who was the king of the land where Teutberga was queen?", { store });
    expect(s.route?.route).toBe("multi_hop");
    // The planned hops ("Which land where Teutberga was queen?") search first (the last one
    // densely), then the route's plan.
    expect(s.hops?.plan.hops[0]).toBe("Which land where Teutberga was queen?");
    const hops = s.hops?.records.length ?? 0;
    expect(hops).toBeGreaterThan(1);
    expect(s.tool_calls.map((c) => c.tool)).toEqual([
      ...Array(hops - 1).fill("ppr_search"),
      "vector_search",
      "ppr_search",
      "graph_paths",
    ]);
    expect(s.evidence?.evidence.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        "Teutberga was a queen of Lotharingia.",
        "Lothair II was king of Lotharingia.",
      ]),
    );
    const retrieve = s.trace.find((e) => e.step === "retrieve");
    expect(String(retrieve?.detail.paths)).toMatch(/Teutberga .*Lotharingia/);
    expect(s.final?.not_found).toBe(false);
  });

  it("retries a low grade at most twice, widening each time, then says not found", async () => {
    const s = await runAgentState("What is the boiling point of liquid nitrogen?", { store });
    const steps = s.trace.map((e) => e.step);
    expect(steps).toEqual([
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
    expect(s.retries).toBe(MAX_RETRIES);
    const attempts = s.trace.filter((e) => e.step === "retrieve");
    expect(attempts.map((e) => e.detail.attempt)).toEqual([0, 1, 2]);
    // The first retry switches strategy (passages by hybrid search, with summaries), widened.
    expect(attempts[1]?.detail.widened).toMatch(/^strategy simple → global; communities 4→6/);
    // The last attempt widens the route's own: a second query, vector search and graph neighbours.
    expect(s.tool_calls.slice(-4).map((c) => c.tool)).toEqual([
      "graph_paths",
      "vector_search",
      "vector_cypher",
      "hybrid_search",
    ]);
    expect(s.trace.filter((e) => e.step === "grade").at(-1)?.detail.decision).toMatch(/no retries left/);
    expect(s.final).toMatchObject({ not_found: true, answer: NOT_FOUND_TEXT, citations: [] });
  });

  it("global questions search communities, temporal ones look up by time", async () => {
    const g = await runAgentState("Give an overview of the main themes across all documents", { store });
    expect(g.route?.route).toBe("global");
    expect(g.tool_calls.slice(0, 2).map((c) => c.tool)).toEqual(["hybrid_search", "community_search"]);
    const notes = JSON.stringify(g.trace.find((e) => e.step === "retrieve")?.detail.notes);
    expect(notes).toMatch(/community/i);
    const t = await runAgentState("How did the pump maintenance schedule change between 2022 and 2023?", {
      store,
    });
    expect(t.route?.route).toBe("temporal");
    const retrieve = t.trace.find((e) => e.step === "retrieve");
    expect(t.tool_calls.slice(0, 2).map((c) => c.tool)).toEqual(["ppr_search", "temporal_lookup"]);
    expect(retrieve?.detail.question_dates).toEqual(["2022", "2023"]);
  });

  it.each(ASK_MODES.filter((m) => m !== "agent"))(
    "--mode %s forces its retrieval and keeps the contract",
    async (mode) => {
      const s = await runAgentState("Was Teutberga a queen of Lotharingia?", { store }, { mode });
      const tool = {
        vector: "vector_search",
        hybrid: "hybrid_search",
        graph: "graph_mode",
        vector_cypher: "vector_cypher",
      }[mode];
      expect(s.tool_calls[0]?.tool).toBe(tool);
      expect(String(s.trace.find((e) => e.step === "retrieve")?.detail.strategy)).toMatch(/^forced /);
      expect(s.final?.answer).toMatch(/Teutberga was a queen of Lotharingia\. \[S\d+\]/);
    },
  );

  it("relation questions get vector_cypher triplets", async () => {
    const s = await runAgentState("What is the difference between Teutberga and Lothair II?", { store });
    expect(s.route?.route).toBe("relation");
    // A comparison: one planned hop per name, then the route's plan for the whole question.
    expect(s.hops?.plan.kind).toBe("parallel");
    const calls = s.tool_calls.slice(s.hops?.records.length ?? 0);
    expect(calls.slice(0, 2).map((c) => c.tool)).toEqual(["ppr_search", "vector_cypher"]);
    expect(s.facts.map((f) => `${f.subject} ${f.predicate} ${f.object}`)).toEqual(
      expect.arrayContaining(["Teutberga queen of Lotharingia", "Lothair II king of Lotharingia"]),
    );
  });

  it("when the reader finds no answer, it retrieves again with another route's strategy before saying so", async () => {
    const s = await runAgentState("What is the difference between Teutberga and Lothair II?", { store });
    const steps = s.trace.map((e) => e.step).filter((step) => !["plan_hops", "retrieve_hop"].includes(step));
    expect(steps.slice(0, 5)).toEqual(["route", "retrieve", "grade", "generate", "retrieve"]);
    const first = s.trace.find((e) => e.step === "generate");
    expect(first?.detail.decision).toMatch(/^no answer in attempt 0's evidence: retrieve again \(1\/2\)/);
    const second = s.trace.filter((e) => e.step === "retrieve")[1];
    expect(second?.detail.strategy).toMatch(
      /^relation retry switches to multi_hop → ppr_search \+ graph_paths/,
    );
    expect(s.refused).toContain(0);
    expect(s.used_attempt).not.toBe(0);
  });

  it("refuses an empty question", async () => {
    await expect(runAgent("  ", { store })).rejects.toThrow(/empty/);
  });
});
