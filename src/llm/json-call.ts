import type { BaseMessageLike } from "@langchain/core/messages";
import type { ChatOpenAI } from "@langchain/openai";
import { addUsage, type TokenUsage, usageOf, ZERO_USAGE } from "./token-usage.js";
import { parseWireReply, type WireReply, type WireSchema } from "./wire-schema.js";

export type JsonCallResult<T> = WireReply<T> & { usage: TokenUsage };

/**
 * One chat call constrained by a strict `response_format: json_schema` (the wire form of the
 * schema: the portable strict subset), its reply checked against the app's zod schema. Streamed
 * on purpose: a non-streamed json_schema call is parsed by the OpenAI client itself, which throws
 * on a reply cut off at the token limit and so loses the tokens it cost; streamed, the reply and
 * the usage of its final chunk always come back. HTTP, quota and timeout errors throw after the
 * client's retries.
 */
export async function jsonCall<T>(
  model: ChatOpenAI,
  wire: WireSchema<T>,
  messages: BaseMessageLike[],
): Promise<JsonCallResult<T>> {
  const stream = await model.stream(messages, {
    response_format: {
      type: "json_schema",
      json_schema: { name: wire.name, schema: wire.json, strict: true },
    },
  });
  // Summed per chunk: concat() drops the usage of the final chunk after a json_schema reply.
  let usage: TokenUsage = { ...ZERO_USAGE };
  let text = "";
  let cut = false;
  for await (const chunk of stream) {
    usage = addUsage(usage, usageOf(chunk));
    text += typeof chunk.content === "string" ? chunk.content : "";
    cut ||= chunk.response_metadata?.finish_reason === "length";
  }
  const parsed = parseWireReply(wire, text);
  if (parsed.ok || !/not JSON/.test(parsed.reason)) return { ...parsed, usage };
  return { ...parsed, reason: `${parsed.reason}${cut ? " (cut off at the token limit)" : ""}`, usage };
}
