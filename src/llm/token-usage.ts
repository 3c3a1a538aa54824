import type { BaseMessage } from "@langchain/core/messages";
import { z } from "zod";

export interface TokenUsage {
  input: number;
  output: number;
}

export const ZERO_USAGE: TokenUsage = { input: 0, output: 0 };

const UsageSchema = z.object({
  input_tokens: z.number().nonnegative(),
  output_tokens: z.number().nonnegative(),
});

/** Tokens a response reports in its usage metadata (zero when the server reports none). */
export function usageOf(message: BaseMessage): TokenUsage {
  const meta = "usage_metadata" in message ? UsageSchema.safeParse(message.usage_metadata) : undefined;
  return meta?.success
    ? { input: meta.data.input_tokens, output: meta.data.output_tokens }
    : { ...ZERO_USAGE };
}

export const addUsage = (a: TokenUsage, b: TokenUsage): TokenUsage => ({
  input: a.input + b.input,
  output: a.output + b.output,
});

export const totalTokens = (u: TokenUsage): number => u.input + u.output;

/**
 * KET-RAG's saving: the chunks that got only cheap keyword links would have cost, at the
 * measured average of the chunks that were extracted, this many tokens. Pure.
 */
export function tokensSaved(used: TokenUsage, extractedChunks: number, skippedChunks: number): number {
  if (extractedChunks === 0) return 0;
  return Math.round((totalTokens(used) / extractedChunks) * skippedChunks);
}
