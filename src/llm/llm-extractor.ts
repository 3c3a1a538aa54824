import type { ChatOpenAI } from "@langchain/openai";
import type { ChunkNode } from "../domain/chunk.js";
import {
  EXTRACTION_SYSTEM_PROMPT,
  type Extraction,
  ExtractionSchema,
  extractionPrompt,
} from "./extraction-schema.js";
import { jsonCall } from "./json-call.js";
import type { TokenUsage } from "./token-usage.js";
import { wireSchema } from "./wire-schema.js";

/** One chunk's answer: a schema-valid extraction, or a malformed one (that chunk fails, the batch goes on). */
export type ChunkExtraction =
  | { ok: true; extraction: Extraction; usage: TokenUsage }
  | { ok: false; reason: string; usage: TokenUsage };

export type LlmExtractor = (chunk: Pick<ChunkNode, "text" | "heading_path">) => Promise<ChunkExtraction>;

/** What is sent: the extraction schema in the portable strict subset (llm-schemas.test.ts walks it). */
export const EXTRACTION_WIRE = wireSchema("extraction", ExtractionSchema);

/**
 * Structured extraction through LangChain: a strict `response_format: json_schema`, which OpenAI
 * and llama.cpp's server both honour (the schema constrains decoding); the reply is checked
 * against the app's zod schema. HTTP, quota and timeout errors throw after the client's retries:
 * the caller fails the batch and loses nothing. Output that does not fit is returned as a reason
 * (that chunk fails), with the tokens it cost.
 */
export function createLlmExtractor(model: ChatOpenAI): LlmExtractor {
  return async (chunk) => {
    const reply = await jsonCall(model, EXTRACTION_WIRE, [
      { role: "system", content: EXTRACTION_SYSTEM_PROMPT },
      { role: "user", content: extractionPrompt(chunk.text, chunk.heading_path) },
    ]);
    return reply.ok
      ? { ok: true, extraction: reply.value, usage: reply.usage }
      : { ok: false, reason: reply.reason, usage: reply.usage };
  };
}
