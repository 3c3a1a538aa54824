import type { BaseMessageLike } from "@langchain/core/messages";
import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { describeError } from "../../src/errors.js";
import { usageOf } from "../../src/llm/token-usage.js";
import type { Tokens } from "../graph-state.js";

export type StructuredAnswer<T> =
  | { ok: true; value: T; tokens: Tokens }
  | { ok: false; reason: string; tokens: Tokens };

/**
 * One chat call whose answer must be JSON fitting `schema`. The JSON schema goes out as
 * `response_format: json_schema` (OpenAI and llama.cpp's server constrain decoding with it); the
 * answer is parsed here, strictly, so a malformed one still reports the tokens it cost. HTTP,
 * quota and timeout errors throw after the client's retries.
 */
export async function structuredCall<T>(
  model: ChatOpenAI,
  name: string,
  schema: z.ZodType<T>,
  messages: BaseMessageLike[],
): Promise<StructuredAnswer<T>> {
  const reply = await model.invoke(messages, {
    response_format: {
      type: "json_schema",
      json_schema: { name, schema: z.toJSONSchema(schema) as Record<string, unknown>, strict: true },
    },
  });
  const usage = usageOf(reply);
  const tokens = { prompt: usage.input, completion: usage.output };
  const text = typeof reply.content === "string" ? reply.content : JSON.stringify(reply.content);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const cut = reply.response_metadata?.finish_reason === "length" ? ", cut off at the token limit" : "";
    return { ok: false, reason: `malformed LLM output: not JSON${cut} (${describeError(error)})`, tokens };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data, tokens };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    reason: `malformed LLM output: ${issue?.path.join(".") || "root"}: ${issue?.message}`,
    tokens,
  };
}
