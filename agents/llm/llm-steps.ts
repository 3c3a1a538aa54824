import { createChatModel, type FetchLike, type LlmConfig } from "../../src/llm/chat-model.js";
import type { ResolvedDeps } from "../agent-deps.js";
import { createLlmDecomposer } from "./llm-decomposer.js";
import { createLlmGenerator } from "./llm-generator.js";
import { createLlmGrader } from "./llm-grader.js";
import { createLlmRouter } from "./llm-router.js";
import { createLlmVerifier } from "./llm-verifier.js";

/** Completion caps: JSON verdicts are short; an answer of ≤4 cited sentences fits in 320 tokens. */
export const STEP_MAX_TOKENS = { judge: 160, answer: 320 } as const;

export type LlmSteps = Pick<ResolvedDeps, "router" | "grader" | "generator" | "verifier" | "decomposer"> & {
  id: string;
};

/**
 * The agent steps on the configured OpenAI-compatible model (timeouts and retries from
 * AGR_LLM_TIMEOUT_MS / AGR_LLM_MAX_RETRIES); undefined when AGR_LLM=none. `fetch` is a test seam
 * (tests record the prompts sent to a real server).
 */
export async function createLlmSteps(config: LlmConfig, fetch?: FetchLike): Promise<LlmSteps | undefined> {
  const cap = (n: number) => ({ ...config, llmMaxTokens: Math.min(config.llmMaxTokens, n) });
  const judge = await createChatModel(cap(STEP_MAX_TOKENS.judge), fetch);
  const writer = await createChatModel(cap(STEP_MAX_TOKENS.answer), fetch);
  if (!judge || !writer) return undefined;
  return {
    id: judge.id,
    router: createLlmRouter(judge.model),
    grader: createLlmGrader(judge.model),
    generator: createLlmGenerator(writer.model),
    verifier: createLlmVerifier(judge.model),
    decomposer: createLlmDecomposer(judge.model),
  };
}
