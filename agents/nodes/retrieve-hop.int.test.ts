import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordsStore } from "../../src/ingest/test-records.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { runAgentState } from "../run-agent.js";
import { createAgentRunner } from "../stream-agent.js";

// A chain: the film's record names its director; the director's record, which shares no word with
// the question but the name, says where he was born. Filler films crowd the whole question's search.
const RECORDS = [
  ["f:1", "Blue Harbour", "Blue Harbour is a 1998 drama film directed by Tomas Lindqvist."],
  [
    "p:1",
    "Tomas Lindqvist",
    "Tomas Lindqvist (born 4 May 1950 in Malmo Harbour City) is a Swedish director.",
  ],
  ...Array.from({ length: 12 }, (_, i) => [
    `f:${i + 2}`,
    `Harbour Film ${i + 2}`,
    `Harbour Film ${i + 2} is a drama film about a harbour and where its film director was born, shot in ${1990 + i}.`,
  ]),
];

const QUESTION = "Where was the director of film Blue Harbour born?";

describe("planned hops, over a store built here", { timeout: 60_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await recordsStore({ "films.jsonl": RECORDS });
  }, 120_000);
  afterAll(async () => store.close());

  it("asks the inner hop, reads its bridge, asks the next with it, and keeps each hop's passages", async () => {
    const s = await runAgentState(QUESTION, { store });
    expect(s.hops?.plan.hops).toEqual(["Who is the director of film Blue Harbour?", "Where was #1 born?"]);
    expect(s.hops?.records.map((r) => [r.query, r.bridge])).toEqual([
      ["Who is the director of film Blue Harbour?", "Tomas Lindqvist"],
      ["Where was Tomas Lindqvist born?", null],
    ]);
    const steps = s.trace.map((t) => t.step);
    expect(steps.slice(0, 4)).toEqual(["route", "plan_hops", "retrieve_hop", "retrieve_hop"]);
    // The hop that feeds another walks the graph; the last asks one relation of a name: dense
    // search (here, with no vectors, its hybrid fallback).
    expect(s.tool_calls.slice(0, 2).map((c) => c.tool)).toEqual(["ppr_search", "vector_search"]);
    // The director's record came by the second hop, and says so.
    const own = s.evidence?.evidence.find((e) => e.text.includes("Malmo Harbour City"));
    expect(own?.hop).toBe(2);
    expect(s.final?.short_answer).toBe("Malmo Harbour City");
  });

  it("stops a chain whose bridge it cannot read: no hop asks about nothing", async () => {
    const s = await runAgentState("Where was the director of film Harbour Film 3 born?", { store });
    expect(s.hops?.records.map((r) => r.bridge)).toEqual([null]);
    expect(s.hops?.records[0]?.bridge).toBeNull();
    const hop = s.trace.find((t) => t.step === "retrieve_hop");
    expect(String(hop?.detail.bridge)).toContain("none read");
  });

  it("compares two films' directors: each film's director first, then each director's own record", async () => {
    const s = await runAgentState(
      "Which film has the director who was born first, Blue Harbour or Red Lantern?",
      {
        store,
      },
    );
    expect(s.hops?.plan.hops).toEqual([
      "Who is the director of Blue Harbour?",
      "Who is the director of Red Lantern?",
      "#1 who was born first",
      "#2 who was born first",
    ]);
    // Each later hop asks about the name its film's hop read (a hop whose bridge is unread is skipped).
    for (const r of s.hops?.records ?? []) {
      const from = r.sub_question.match(/^#(\d)/)?.[1];
      const bridge = s.hops?.records.find((x) => x.hop === Number(from))?.bridge;
      if (from) expect(r.query).toBe(`${bridge} who was born first`);
    }
    expect(s.hops?.records[0]).toMatchObject({ bridge: "Tomas Lindqvist" });
    expect(s.hops?.records.find((r) => r.hop === 3)?.query).toBe("Tomas Lindqvist who was born first");
  });

  it("streams each hop as it ends, before the whole question's tool calls", async () => {
    const types: string[] = [];
    for await (const e of createAgentRunner({ store }).stream(QUESTION)) types.push(e.type);
    expect(types.filter((t) => t === "hop")).toHaveLength(2);
    expect(types.indexOf("hop")).toBeGreaterThan(types.indexOf("route"));
    expect(types.lastIndexOf("hop")).toBeLessThan(types.indexOf("tool_call"));
  });
});
