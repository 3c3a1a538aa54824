import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import type { AgentDecomposer } from "../agent-deps.js";
import { decomposeQuestion, type HopPlan, MAX_HOPS } from "../retrieve/decompose-question.js";
import { structuredCall } from "./structured-call.js";
import { withFallback } from "./with-fallback.js";

/** What the model answers: no hops for a one-fact question, else 2–3 sub-questions. */
export const LlmDecomposeSchema = z.object({
  kind: z.enum(["single", "chain", "parallel"]),
  hops: z.array(z.string().max(200)).max(MAX_HOPS),
});

export const DECOMPOSER_PROMPT = `You split questions for a retrieval system into the sub-questions it must look up. Answer JSON.
kind "single": one fact about one named thing (hops: []).
kind "chain": the answer of one sub-question is the subject of the next ("Where was the director of film X born?"
→ ["Who is the director of film X?", "Where was #1 born?"]); write #1, #2 for earlier answers.
kind "parallel": the same fact about two named things, compared ("Which film came out first, A or B?"
→ ["When did A come out?", "When did B come out?"]).
At most ${MAX_HOPS} sub-questions. Keep every name exactly as the question writes it.`;

/** A model plan as a HopPlan; null for "single", or when a chain's slots point nowhere. */
export function toHopPlan(answer: z.infer<typeof LlmDecomposeSchema>): HopPlan | null {
  const hops = answer.hops.map((h) => h.trim()).filter((h) => h !== "");
  if (answer.kind === "single" || hops.length < 2) return null;
  // A chain's hop k may only use answers of hops before it.
  const bad =
    answer.kind === "chain" && hops.some((h, i) => [...h.matchAll(/#(\d)/g)].some((m) => Number(m[1]) > i));
  return bad ? null : { kind: answer.kind, hops, source: "llm" };
}

/** LLM decomposer: structured output, validated; the rule decomposer when the call or its answer fails. */
export function createLlmDecomposer(model: ChatOpenAI): AgentDecomposer {
  return (question, ctx) =>
    withFallback<HopPlan | null>(
      "decompose",
      ctx,
      async () => {
        const a = await structuredCall(model, "decompose", LlmDecomposeSchema, [
          { role: "system", content: DECOMPOSER_PROMPT },
          { role: "user", content: `Question: ${question}` },
        ]);
        return a.ok ? { ...a, value: toHopPlan(a.value) } : a;
      },
      async () => decomposeQuestion(question),
      "rule decomposer",
    );
}
