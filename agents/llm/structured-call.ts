import type { BaseMessageLike } from "@langchain/core/messages";
import type { ChatOpenAI } from "@langchain/openai";
import type { z } from "zod";
import { jsonCall } from "../../src/llm/json-call.js";
import { wireSchema } from "../../src/llm/wire-schema.js";
import type { Tokens } from "../graph-state.js";

export type StructuredAnswer<T> =
  | { ok: true; value: T; tokens: Tokens }
  | { ok: false; reason: string; tokens: Tokens };

/**
 * One chat call whose answer must be JSON fitting `schema`. What goes out is the schema's wire
 * form, in the portable strict subset real providers accept (OpenAI strict, Anthropic; llama.cpp's
 * server constrains decoding with it too); the answer is checked against the app's strict zod
 * schema, so a malformed one still reports the tokens it cost. HTTP, quota and timeout errors
 * throw after the client's retries. Every `name` sent here is listed in llm-schemas.ts, whose test
 * walks each wire schema.
 */
export async function structuredCall<T>(
  model: ChatOpenAI,
  name: string,
  schema: z.ZodType<T>,
  messages: BaseMessageLike[],
): Promise<StructuredAnswer<T>> {
  const { usage, ...reply } = await jsonCall(model, wireSchema(name, schema), messages);
  const tokens = { prompt: usage.input, completion: usage.output };
  return reply.ok ? { ok: true, value: reply.value, tokens } : { ok: false, reason: reply.reason, tokens };
}
