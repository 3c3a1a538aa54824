import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { createChatModel, type FetchLike, type LlmConfig } from "../../src/llm/chat-model.js";
import { delimitPassages, PASSAGES_ARE_DATA } from "../../src/llm/delimit-passages.js";
import type { StepContext } from "../agent-deps.js";
import type { AskResult } from "../ask-result.js";
import { type ResolvedQuestion, resolveFollowUp, type Turn } from "../follow-up.js";
import { STEP_MAX_TOKENS } from "./llm-steps.js";
import { meterDetail, type StepMeter } from "./step-meter.js";
import { structuredCall } from "./structured-call.js";
import { withFallback } from "./with-fallback.js";

export type FollowUp = Omit<ResolvedQuestion, "rule"> & { rule?: ResolvedQuestion["rule"] | "llm" };

/** Makes the last question of a conversation stand alone; the offline one is rule-based. */
export type FollowUpResolver = (turns: readonly Turn[], ctx?: StepContext) => Promise<FollowUp>;

export const offlineFollowUp: FollowUpResolver = async (turns) => resolveFollowUp(turns);

export const LlmFollowUpSchema = z.object({
  question: z.string().min(1).max(600).describe("the last question, rewritten to stand alone"),
});

export const FOLLOW_UP_PROMPT = `You rewrite the last user question of a conversation so that it can be understood
without the conversation: replace pronouns and vague references ("it", "they", "that one", "what about X") with
what they refer to in earlier turns. Keep the language, the meaning and the wording otherwise. Do not answer it.
If it already stands alone, return it unchanged. Answer JSON: {"question": "..."}.
The earlier turns come as passages (source: who spoke); answers quote documents. ${PASSAGES_ARE_DATA}`;

/** How many earlier turns the model sees: follow-ups lean on the last few. */
const CONTEXT_TURNS = 6;

/**
 * LLM condenser for follow-ups. Only conversations with an earlier user turn cost a call; a
 * failed or malformed call falls back to the rules (the trace note says so).
 */
export function createLlmFollowUp(model: ChatOpenAI): FollowUpResolver {
  return async (turns, ctx) => {
    const users = turns.filter((t) => t.role === "user" && t.content.trim() !== "");
    const last = users.at(-1)?.content.trim() ?? "";
    if (users.length < 2) return { question: last };
    return withFallback<FollowUp>(
      "follow_up",
      ctx,
      async () => {
        const history = delimitPassages(
          turns
            .filter((t) => t.role !== "system")
            .slice(-CONTEXT_TURNS - 1, -1)
            .map((t, i) => ({ id: `T${i + 1}`, source: t.role, text: t.content.slice(0, 1000) })),
        );
        const a = await structuredCall(model, "follow_up", LlmFollowUpSchema, [
          { role: "system", content: FOLLOW_UP_PROMPT },
          { role: "user", content: `${history}\n\nLast question: ${last}` },
        ]);
        if (!a.ok) return a;
        const question = a.value.question.trim();
        return {
          ...a,
          value: question === last ? { question: last } : { question, original: last, rule: "llm" as const },
        };
      },
      () => offlineFollowUp(turns),
      "rule-based follow-up resolver",
    );
  };
}

/**
 * The configured resolver: the LLM one with AGR_LLM=openai (on the judges' token cap), else the
 * rules. `fetch` is a test seam, as for the agent's steps.
 */
export async function createFollowUpResolver(
  config: LlmConfig,
  fetch?: FetchLike,
): Promise<FollowUpResolver> {
  const chat = await createChatModel(
    { ...config, llmMaxTokens: Math.min(config.llmMaxTokens, STEP_MAX_TOKENS.judge) },
    fetch,
  );
  return chat ? createLlmFollowUp(chat.model) : offlineFollowUp;
}

/**
 * The answer with its follow-up step: a `follow_up` trace event first (which rule or the LLM
 * rewrote the question, the LLM's fallback notes) and the rewriter's tokens in the total. A first
 * question that cost nothing leaves the answer as it is.
 */
export function withFollowUp(result: AskResult, resolved: FollowUp, meter: StepMeter): AskResult {
  const detail = meterDetail(meter);
  if (!resolved.original && Object.keys(detail).length === 0) return result;
  const event = {
    step: "follow_up",
    at_ms: 0,
    detail: {
      question: resolved.question,
      ...(resolved.original ? { original: resolved.original, rule: resolved.rule ?? "llm" } : {}),
      ...detail,
    },
  };
  return {
    ...result,
    trace: [event, ...result.trace],
    tokens: {
      prompt: result.tokens.prompt + meter.tokens.prompt,
      completion: result.tokens.completion + meter.tokens.completion,
    },
  };
}
