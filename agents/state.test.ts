import { END, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { answerFromBundle } from "./answer/answer-from-bundle.js";
import { bundle, evidence } from "./answer/test-evidence.js";
import { ruleRouter } from "./router/rule-router.js";
import { AgentState, type AgentStateType, FinalAnswerSchema, TraceEventSchema } from "./state.js";

describe("AgentState", () => {
  it("carries route, grade, draft, verification, answer and an appended trace through a graph", async () => {
    const route = async (s: AgentStateType) => {
      const decision = await ruleRouter(s.question);
      return {
        route: decision,
        trace: [{ step: "route", at_ms: 0, detail: { route: decision.route, fired: decision.fired } }],
      };
    };
    const answer = async (s: AgentStateType) => {
      const b = bundle(s.question, [
        evidence("S1", "A resource account is an account controlled by a smart contract."),
      ]);
      if (!s.route) throw new Error("no route");
      const out = answerFromBundle(s.question, b, s.route);
      return {
        evidence: b,
        grade: out.grade,
        draft: out.draft,
        verification: out.verification,
        citations: out.final.citations,
        final: out.final,
        trace: [
          { step: "answer", at_ms: 1, detail: { grade: out.grade.score, not_found: out.final.not_found } },
        ],
      };
    };
    const graph = new StateGraph(AgentState)
      .addNode("route_question", route)
      .addNode("answer", answer)
      .addEdge(START, "route_question")
      .addEdge("route_question", "answer")
      .addEdge("answer", END)
      .compile();
    const out = await graph.invoke({ question: "What is a resource account?" });
    expect(out.route?.question_type).toBe("what_is");
    expect(FinalAnswerSchema.parse(out.final)).toEqual(out.final);
    expect(out.final?.answer).toMatch(/\[S1\]$/);
    expect(out.trace.map((t) => TraceEventSchema.parse(t).step)).toEqual(["route", "answer"]);
    expect(out.retries).toBe(0);
    expect(out.tool_calls).toEqual([]);
  });
});
