import { describeError } from "../../src/errors.js";
import type { StepContext } from "../agent-deps.js";
import type { StructuredAnswer } from "./structured-call.js";

/**
 * Runs an LLM step; when its call fails (timeout, HTTP error after retries) or its answer is
 * malformed, the offline twin answers instead and the trace says why. The answer never fails
 * because of the LLM. Tokens are counted either way (a malformed answer still cost them).
 */
export async function withFallback<T>(
  step: string,
  ctx: StepContext | undefined,
  call: () => Promise<StructuredAnswer<T>>,
  offline: () => Promise<T>,
  offlineName: string,
): Promise<T> {
  let reason: string;
  try {
    const answer = await call();
    ctx?.addTokens(answer.tokens);
    if (answer.ok) return answer.value;
    reason = answer.reason;
  } catch (error) {
    reason = `LLM call failed: ${describeError(error)}`;
  }
  ctx?.note(`llm ${step}: ${reason}; fell back to the ${offlineName}`);
  return offline();
}
