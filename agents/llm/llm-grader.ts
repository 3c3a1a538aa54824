import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import type { AgentGrader } from "../agent-deps.js";
import { gradeSignals, offlineGrader } from "../answer/grade-evidence.js";
import type { Grade } from "../schemas.js";
import { evidencePrompt } from "./evidence-prompt.js";
import { structuredCall } from "./structured-call.js";
import { withFallback } from "./with-fallback.js";

export const LlmGradeSchema = z.object({
  score: z.number().int().min(1).max(5),
  answerable: z.boolean(),
  reasons: z.array(z.string().max(100)).max(3),
});

export const GRADER_PROMPT = `You grade evidence passages for a question. Answer JSON.
score: 1 (unrelated) to 5 (the passages state the answer). answerable: true when the passages are enough
to answer. reasons: at most 3 short phrases.`;

/**
 * LLM grader: the model's 1–5 score and verdict; the coverage figures stay the measured offline
 * signals (the GradeSchema reports them, and a model would only guess them). No evidence: grade 1
 * without a call.
 */
export function createLlmGrader(model: ChatOpenAI): AgentGrader {
  return async (question, evidence, type, ctx) => {
    if (evidence.length === 0) return offlineGrader(question, evidence, type);
    return withFallback<Grade>(
      "grade",
      ctx,
      async () => {
        const a = await structuredCall(model, "grade", LlmGradeSchema, [
          { role: "system", content: GRADER_PROMPT },
          { role: "user", content: `Question: ${question}\n\nPassages:\n${evidencePrompt(evidence)}` },
        ]);
        if (!a.ok) return a;
        const s = gradeSignals(question, evidence, type);
        const round = (x: number) => Math.round(x * 1000) / 1000;
        return {
          ...a,
          value: {
            score: a.value.score,
            coverage: round(s.coverage),
            entity_coverage: round(s.entity_coverage),
            answerable: a.value.answerable,
            reasons: a.value.reasons.map((r) => `llm: ${r}`),
          },
        };
      },
      () => offlineGrader(question, evidence, type),
      "offline grader",
    );
  };
}
