import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import type { AgentGrader } from "../agent-deps.js";
import { gradeSignals, offlineGrader } from "../answer/grade-evidence.js";
import type { Grade } from "../schemas.js";
import { RETRY_BELOW } from "../state.js";
import { evidencePrompt, PASSAGES_ARE_DATA } from "./evidence-prompt.js";
import { structuredCall } from "./structured-call.js";
import { withFallback } from "./with-fallback.js";

export const LlmGradeSchema = z.object({
  score: z.number().int().min(1).max(5),
  answerable: z.boolean(),
  reasons: z.array(z.string().max(100)).max(3),
});
export type LlmGrade = z.infer<typeof LlmGradeSchema>;

export const GRADER_PROMPT = `You grade evidence passages for a question. Answer JSON.
score: 1 (unrelated) to 5 (the passages state the answer). answerable: true when the passages are enough
to answer. reasons: at most 3 short phrases.
${PASSAGES_ARE_DATA}`;

/**
 * The model's verdict as a Grade, pure. "Not answerable" caps the score below the retry line, so
 * the agent widens its search before the generate step reads the verdict as "not found"; the
 * coverage figures stay the measured offline signals (a model would only guess them).
 */
export function llmGrade(a: LlmGrade, signals: { coverage: number; entity_coverage: number }): Grade {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const capped = !a.answerable && a.score >= RETRY_BELOW;
  return {
    score: capped ? RETRY_BELOW - 1 : a.score,
    coverage: round(signals.coverage),
    entity_coverage: round(signals.entity_coverage),
    answerable: a.answerable,
    reasons: [
      ...a.reasons.map((r) => `llm: ${r}`),
      ...(capped ? [`llm: not answerable: score ${a.score} capped at ${RETRY_BELOW - 1}`] : []),
    ],
    source: "llm",
  };
}

/** The LLM grader judged the evidence not enough to answer (an offline grade never says so here). */
export const llmSaysNotAnswerable = (grade: Grade): boolean => grade.source === "llm" && !grade.answerable;

/** LLM grader: the model's 1–5 score and verdict. No evidence: grade 1 without a call. */
export function createLlmGrader(model: ChatOpenAI): AgentGrader {
  return async (question, evidence, type, ctx) => {
    if (evidence.length === 0) return offlineGrader(question, evidence, type);
    return withFallback<Grade>(
      "grade",
      ctx,
      async () => {
        const a = await structuredCall(model, "grade", LlmGradeSchema, [
          { role: "system", content: GRADER_PROMPT },
          { role: "user", content: `${evidencePrompt(evidence)}\n\nQuestion: ${question}` },
        ]);
        return a.ok ? { ...a, value: llmGrade(a.value, gradeSignals(question, evidence, type)) } : a;
      },
      () => offlineGrader(question, evidence, type),
      "offline grader",
    );
  };
}
