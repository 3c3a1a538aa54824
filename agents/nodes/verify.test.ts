import { describe, expect, it } from "vitest";
import type { ResolvedDeps } from "../agent-deps.js";
import { bundle, evidence } from "../answer/test-evidence.js";
import { lexicalVerifier } from "../answer/verify-answer.js";
import { toAskResult } from "../ask-result.js";
import type { GraphStateType } from "../graph-state.js";
import type { TraceEvent } from "../schemas.js";
import { finalize } from "./finalize.js";
import { createVerifyNode } from "./verify.js";

const EV = [
  evidence("S1", "Alice Smith became CEO of Acme in 2019."),
  evidence("S2", "Alice Smith has served as CEO of Globex since 2020."),
];
const FACTS = [
  {
    subject: "Alice Smith",
    predicate: "ceo of",
    object: "Globex",
    relation_id: "rel:globex",
    chunk_id: "chk:s2",
    evidence: "",
    hops: 0,
    valid_from: "2020-01-01",
  },
];

/** `agr ask --json` of a run that went through these nodes, without trace or tokens. */
const askJson = (...parts: object[]) =>
  toAskResult({
    ...Object.assign({}, ...parts),
    trace: [],
    tokens: { prompt: 0, completion: 0 },
  } as GraphStateType);

function state(sentences: Array<{ text: string; cites: string[] }>): GraphStateType {
  return {
    question: "Which company does Alice Smith lead?",
    route: { route: "relation", question_type: "other", confidence: 1, fired: [], source: "rules" },
    draft: { sentences, not_found: false, short_answer: "Acme" },
    evidence: bundle("Which company does Alice Smith lead?", EV),
    facts: FACTS,
    retries: 0,
    started_at: Date.now(),
    trace: [],
  } as unknown as GraphStateType;
}

const deps = async () => ({ verifier: lexicalVerifier }) as unknown as ResolvedDeps;

describe("verify node → finalize", () => {
  it("reports the answer's clash with a graph fact and notes it under the answer, citing both sources", async () => {
    const s = state([{ text: "Alice Smith is the CEO of Acme.", cites: ["S1"] }]);
    const update = await createVerifyNode(deps)(s);
    expect(update.verification?.contradictions[0]).toMatchObject({
      objects: ["Acme", "Globex"],
      claim: expect.any(String),
    });
    const trace = (update.trace ?? []) as TraceEvent[];
    expect(trace[0]?.detail.contradictions).toEqual(["Alice Smith ceo of: Acme vs Globex"]);
    const out = await finalize({ ...s, ...update } as GraphStateType);
    expect(out.final?.answer).toBe(
      "Alice Smith is the CEO of Acme. [S1]\n\nNote: the sources disagree (Alice Smith ceo of: Acme [S1] vs Globex [S2]).",
    );
    // The note's sources open like the answer's.
    expect(out.final?.citations.map((c) => c.S)).toEqual(["S1", "S2"]);
    expect(out.final?.short_answer).toBe("Acme");
    // `agr ask --json`: the contradictions sit inside verification, next to the counts.
    const json = askJson(s, update, out);
    expect(json.verification).toMatchObject({ sentences: 1, supported: 1, dropped: 0 });
    expect(json.not_found_reason).toBeNull();
    expect(json.verification.contradictions.map((c) => c.objects)).toEqual([["Acme", "Globex"]]);
  });

  it("drops a sentence that fails its citation, with the reason in the trace, and says not found", async () => {
    const s = state([{ text: "Alice Smith is the CEO of Initech.", cites: ["S1"] }]);
    const update = await createVerifyNode(deps)(s);
    const trace = (update.trace ?? []) as TraceEvent[];
    expect(String(trace[0]?.detail.verdicts)).toMatch(/^dropped .*names "[^"]*initech"/);
    const out = await finalize({ ...s, ...update } as GraphStateType);
    expect(out.final).toMatchObject({ not_found: true, short_answer: null, citations: [] });
    expect(out.final?.answer).not.toMatch(/Note/);
    // Why: every sentence failed verification (the generator itself found an answer).
    expect(out.final?.not_found_reason).toBe(
      "the verifier dropped all 1 drafted sentence(s): none is supported by the passage it cites",
    );
  });

  it("a not-found answer carries the generator's reason to `agr ask --json`", async () => {
    const s = { ...state([]), refusal: "the evidence never names initech" } as GraphStateType;
    const update = await createVerifyNode(deps)({ ...s, draft: { sentences: [], not_found: true } });
    const out = await finalize({ ...s, ...update } as GraphStateType);
    expect(out.final?.not_found_reason).toBe("the evidence never names initech");
    const json = askJson(s, update, out);
    expect(json).toMatchObject({ not_found: true, not_found_reason: "the evidence never names initech" });
  });
});
