import type { ChatOpenAI } from "@langchain/openai";
import type { Config } from "../config.js";
import { userError } from "../errors.js";

export type LlmConfig = Pick<
  Config,
  | "llm"
  | "llmBaseUrl"
  | "llmModel"
  | "llmApiKey"
  | "openaiApiKey"
  | "llmTimeoutMs"
  | "llmMaxRetries"
  | "llmMaxTokens"
>;

export interface ChatModelChoice {
  model: ChatOpenAI;
  /** What produced the extractions, e.g. "openai:gpt-4o-mini" or "openai@127.0.0.1:8088:smollm2-135m". */
  id: string;
}

/** Test seam: lets a unit test answer the model's HTTP calls without a server. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * The configured LangChain chat model, or undefined when AGR_LLM=none (the default: the engine
 * never needs an LLM). Any OpenAI-compatible server works through AGR_LLM_BASE_URL; a key is
 * required only for OpenAI itself. Loaded on demand so offline runs never import the client.
 */
export async function createChatModel(
  config: LlmConfig,
  fetch?: FetchLike,
): Promise<ChatModelChoice | undefined> {
  if (config.llm === "none") return undefined;
  const apiKey = config.llmApiKey ?? config.openaiApiKey;
  if (!apiKey && !config.llmBaseUrl) {
    throw userError(
      "llm_key",
      "AGR_LLM=openai needs AGR_LLM_API_KEY or OPENAI_API_KEY (or AGR_LLM_BASE_URL for a local server)",
    );
  }
  const { ChatOpenAI } = await import("@langchain/openai");
  const model = new ChatOpenAI({
    model: config.llmModel,
    // Local servers accept any key; the client refuses to start without one.
    apiKey: apiKey ?? "unused",
    temperature: 0,
    maxTokens: config.llmMaxTokens,
    timeout: config.llmTimeoutMs,
    maxRetries: config.llmMaxRetries,
    configuration: {
      ...(config.llmBaseUrl ? { baseURL: config.llmBaseUrl } : {}),
      ...(fetch ? { fetch } : {}),
    },
  });
  const host = config.llmBaseUrl ? `@${new URL(config.llmBaseUrl).host}` : "";
  return { model, id: `openai${host}:${config.llmModel}` };
}
