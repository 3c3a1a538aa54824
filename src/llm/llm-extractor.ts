import type { BaseMessage } from "@langchain/core/messages";
import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import type { ChunkNode } from "../domain/chunk.js";
import { describeError } from "../errors.js";
import {
  EXTRACTION_SYSTEM_PROMPT,
  type Extraction,
  ExtractionSchema,
  extractionPrompt,
} from "./extraction-schema.js";
import { type TokenUsage, usageOf, ZERO_USAGE } from "./token-usage.js";

/** One chunk's answer: a schema-valid extraction, or a malformed one (that chunk fails, the batch goes on). */
export type ChunkExtraction =
  | { ok: true; extraction: Extraction; usage: TokenUsage }
  | { ok: false; reason: string; usage: TokenUsage };

export type LlmExtractor = (chunk: Pick<ChunkNode, "text" | "heading_path">) => Promise<ChunkExtraction>;

/**
 * Structured extraction through LangChain: `withStructuredOutput` with the json_schema method,
 * which OpenAI and llama.cpp's server both honour (the schema constrains decoding). HTTP,
 * quota and timeout errors throw after the client's retries: the caller fails the batch and
 * loses nothing. Output that does not fit the schema is returned as a reason.
 */
export function createLlmExtractor(model: ChatOpenAI): LlmExtractor {
  // The plain JSON schema, not the zod object: given zod, the OpenAI client would validate the
  // answer inside the HTTP call, and a schema mismatch would look like a transport error.
  const structured = model.withStructuredOutput(EXTRACTION_JSON_SCHEMA, {
    method: "jsonSchema",
    name: "extraction",
    includeRaw: true,
  });
  return async (chunk) => {
    let raw: BaseMessage;
    try {
      ({ raw } = await structured.invoke([
        { role: "system", content: EXTRACTION_SYSTEM_PROMPT },
        { role: "user", content: extractionPrompt(chunk.text, chunk.heading_path) },
      ]));
    } catch (error) {
      // The OpenAI client parses json_schema answers itself and throws on invalid JSON (after
      // LangChain's retries); the response, and so its token usage, is not returned then.
      const reason = malformedAnswer(error);
      if (reason) return { ok: false, reason, usage: { ...ZERO_USAGE } };
      throw error;
    }
    const usage = usageOf(raw);
    const parsed = parseExtraction(raw);
    return parsed.ok
      ? { ok: true, extraction: parsed.extraction, usage }
      : { ok: false, reason: parsed.reason, usage };
  };
}

const NOT_JSON = "malformed LLM output: not JSON";

/** The client's own parse errors: the answer was bad, not the request (the chunk fails, not the batch). */
function malformedAnswer(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (/length limit was reached/.test(error.message))
    return "malformed LLM output: cut off at the token limit (AGR_LLM_MAX_TOKENS)";
  if (error instanceof SyntaxError && /structured output JSON/.test(error.message)) return NOT_JSON;
  return undefined;
}

const EXTRACTION_JSON_SCHEMA = z.toJSONSchema(ExtractionSchema) as Record<string, unknown>;

/**
 * Strict parse of the raw answer (LangChain's JSON parser accepts partial JSON): a complete,
 * schema-valid object, or why not in one line.
 */
export function parseExtraction(
  raw: BaseMessage,
): { ok: true; extraction: Extraction } | { ok: false; reason: string } {
  const text = typeof raw.content === "string" ? raw.content : JSON.stringify(raw.content);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `${NOT_JSON} (${describeError(error)})` };
  }
  const result = ExtractionSchema.safeParse(json);
  if (result.success) return { ok: true, extraction: result.data };
  const issue = result.error.issues[0];
  return { ok: false, reason: `malformed LLM output: ${issue?.path.join(".") || "root"}: ${issue?.message}` };
}
