import { END, START, StateGraph } from "@langchain/langgraph";
import { loadConfig } from "../src/config.js";
import {
  type AgentDeps,
  type OpenedDeps,
  openAgentDeps,
  type ResolvedDeps,
  withDefaults,
} from "./agent-deps.js";
import { GraphState } from "./graph-state.js";
import { finalize } from "./nodes/finalize.js";
import { afterGenerate, createGenerateNode } from "./nodes/generate.js";
import { afterGrade, createGradeNode } from "./nodes/grade.js";
import { afterHop, createPlanHopsNode } from "./nodes/plan-hops.js";
import { createRetrieveNode } from "./nodes/retrieve.js";
import { createRetrieveHopNode } from "./nodes/retrieve-hop.js";
import { createRouteNode } from "./nodes/route.js";
import { createVerifyNode } from "./nodes/verify.js";
import { useBestAttempt } from "./retrieve/best-attempt.js";

/**
 * The agent: route_question → plan_hops → retrieve_hop ⟲ (a multi-hop question's sub-questions, one
 * hop at a time, each filled with the bridge the last one read; at most 3) → retrieve_evidence
 * (the whole question, merged with the hops' passages) → grade_evidence ⟲ (grade < 3 with retries left:
 * retrieve again, widened) → use_best_attempt (the best-graded attempt's evidence) →
 * generate_answer ⟲ (offline "not found" with retries left: retrieve again, the first retry with
 * another route's strategy) → verify_answer → finalize_answer. Nodes live in
 * ./nodes, one per file; this file only wires them (node names differ from the state's channels:
 * LangGraph refuses a node named like a channel). `deps` may be a function, so the served graph
 * opens its store on first use rather than at import.
 */
export function buildAgentGraph(deps: AgentDeps | (() => Promise<AgentDeps>)) {
  let resolved: Promise<ResolvedDeps> | undefined;
  const source = () => {
    if (!resolved) {
      resolved = (typeof deps === "function" ? deps() : Promise.resolve(deps)).then(withDefaults);
      // A failed open (bad store path) is retried on the next run instead of being cached.
      resolved.catch(() => {
        resolved = undefined;
      });
    }
    return resolved;
  };
  return new StateGraph(GraphState)
    .addNode("route_question", createRouteNode(source))
    .addNode("plan_hops", createPlanHopsNode(source))
    .addNode("retrieve_hop", createRetrieveHopNode(source))
    .addNode("retrieve_evidence", createRetrieveNode(source))
    .addNode("grade_evidence", createGradeNode(source))
    .addNode("use_best_attempt", useBestAttempt)
    .addNode("generate_answer", createGenerateNode(source))
    .addNode("verify_answer", createVerifyNode(source))
    .addNode("finalize_answer", finalize)
    .addEdge(START, "route_question")
    .addEdge("route_question", "plan_hops")
    .addConditionalEdges("plan_hops", afterHop, ["retrieve_hop", "retrieve_evidence"])
    .addConditionalEdges("retrieve_hop", afterHop, ["retrieve_hop", "retrieve_evidence"])
    .addEdge("retrieve_evidence", "grade_evidence")
    .addConditionalEdges("grade_evidence", afterGrade, ["retrieve_evidence", "use_best_attempt"])
    .addEdge("use_best_attempt", "generate_answer")
    .addConditionalEdges("generate_answer", afterGenerate, ["retrieve_evidence", "verify_answer"])
    .addEdge("verify_answer", "finalize_answer")
    .addEdge("finalize_answer", END)
    .compile();
}

let opened: Promise<OpenedDeps> | undefined;

/** Deps of the served graph, from the environment (AGR_STORE, AGR_EMBEDDER, ...), opened once. */
async function configDeps(): Promise<AgentDeps> {
  opened ??= (async () => {
    // Loaded on demand: the embedding stack takes seconds to import.
    const { embedderFor } = await import("../src/index/index-processors.js");
    return openAgentDeps(loadConfig(), embedderFor);
  })();
  try {
    return (await opened).deps;
  } catch (error) {
    opened = undefined;
    throw error;
  }
}

/** Registered in langgraph.json for `langgraph dev` / LangGraph Studio. */
export const graph = buildAgentGraph(configDeps);
graph.name = "agentic-graph-rag agent";
