import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordsStore } from "../../src/ingest/test-records.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { runAgentState } from "../run-agent.js";
import { casedQuestion } from "./cased-question.js";

// One operator's file holds the count; another operator is named only in a file of its own.
const RECORDS = [
  ["v:1", "Veltro Freight", "In 2021, Veltro Freight moved 12,400 containers through its depots."],
  [
    "v:2",
    "Veltro Freight fleet",
    "The fleet of Veltro Freight counts 40 trucks, and Veltro Freight leases them.",
  ],
  ["k:1", "Kessa Shipping", "The port operator Kessa Shipping was founded by Ana Morel in Dunmore."],
  ["k:2", "Kessa Shipping cranes", "Cranes of Kessa Shipping were renewed, as Kessa Shipping said in 2020."],
  ["o:1", "Orvane", "The depot operator Orvane runs one depot, and Orvane moved 300 crates in 2021."],
  ["o:2", "Orvane staff", "The staff of Orvane is small, as Orvane says."],
];

describe("a question typed without capitals, over a store built here", { timeout: 60_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await recordsStore({
      "veltro.jsonl": RECORDS.slice(0, 2),
      "kessa.jsonl": RECORDS.slice(2, 4),
      "orvane.jsonl": RECORDS.slice(4),
    });
  }, 120_000);
  afterAll(async () => store.close());

  it("is read with the capitals the passages write its words with", async () => {
    expect(await casedQuestion("how many containers did veltro freight move in 2021?", store)).toBe(
      "How many containers did Veltro Freight move in 2021?",
    );
    // Typed with capitals: left as it is, without a search.
    expect(await casedQuestion("How many containers did veltro move?", store)).toBe(
      "How many containers did veltro move?",
    );
  });

  it("answers as the cased question does, and says not found where the named operator's records lack the count", async () => {
    const typed = await runAgentState("how many containers did veltro freight move in 2021?", { store });
    expect(typed.final?.short_answer).toContain("12,400");
    const route = typed.trace.find((t) => t.step === "route");
    expect(route?.detail.read_as).toBe("How many containers did Veltro Freight move in 2021?");
    // Lower case, "kessa shipping" was no name, and Veltro's count answered for it.
    const other = await runAgentState("how many containers did kessa shipping move in 2021?", { store });
    expect(other.final?.not_found).toBe(true);
  });

  it("cases only one-word names no dictionary knows in a question a phone opened with a capital", async () => {
    expect(await casedQuestion("How many crates did orvane move in 2021?", store)).toBe(
      "How many crates did Orvane move in 2021?",
    );
    // "Depot" is English: left as typed, however the passages write it.
    expect(await casedQuestion("How many crates did the depot operator move?", store)).toBe(
      "How many crates did the depot operator move?",
    );
  });

  it("takes a word no passage uses and no dictionary knows for a name, which the documents do not name", async () => {
    expect(await casedQuestion("how many containers did zorvex move in 2021?", store)).toBe(
      "How many containers did Zorvex move in 2021?",
    );
    // An English word no passage uses stays as typed.
    expect(await casedQuestion("how many containers did veltro freight haul?", store)).toBe(
      "How many containers did Veltro Freight haul?",
    );
    const s = await runAgentState("how many containers did zorvex move in 2021?", { store });
    expect(s.final?.not_found).toBe(true);
  });
});
