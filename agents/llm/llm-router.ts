import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import type { AgentRouter } from "../agent-deps.js";
import { ruleRouter } from "../router/rule-router.js";
import { QuestionTypeSchema, type RouteDecision, RouteSchema } from "../schemas.js";
import { structuredCall } from "./structured-call.js";
import { withFallback } from "./with-fallback.js";

/** What the model answers; maxItems/maxLength stop a small model repeating itself to the token limit. */
export const LlmRouteSchema = z.object({
  route: RouteSchema,
  question_type: QuestionTypeSchema,
  confidence: z.number().min(0).max(1),
  reasons: z.array(z.string().max(100)).max(3),
});

export const ROUTER_PROMPT = `You route questions for a retrieval system over indexed documents. Answer JSON.
route: "simple" (one fact about one thing), "relation" (compares or relates two named things),
"multi_hop" (needs a chain of facts: the X of the Y of Z), "global" (themes or summaries over many documents),
"temporal" (order in time, changes over time, dates).
question_type: "how_to", "what_is", "why", "error" (an error message or failure) or "other".
confidence: 0 to 1. reasons: at most 3 short phrases.`;

/** LLM router: the same RouteDecision as the rule router, with the judge's reasons as `fired`. */
export function createLlmRouter(model: ChatOpenAI): AgentRouter {
  return (question, ctx) =>
    withFallback<RouteDecision>(
      "route",
      ctx,
      async () => {
        const a = await structuredCall(model, "route", LlmRouteSchema, [
          { role: "system", content: ROUTER_PROMPT },
          { role: "user", content: `Question: ${question}` },
        ]);
        if (!a.ok) return a;
        const { route, question_type, confidence, reasons } = a.value;
        return {
          ...a,
          value: { route, question_type, confidence, fired: reasons.map((r) => `llm:${r}`), source: "llm" },
        };
      },
      () => ruleRouter(question),
      "rule router",
    );
}
