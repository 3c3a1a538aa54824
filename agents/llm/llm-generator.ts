import type { AIMessageChunk } from "@langchain/core/messages";
import type { ChatOpenAI } from "@langchain/openai";
import { describeError } from "../../src/errors.js";
import { usageOf } from "../../src/llm/token-usage.js";
import type { AgentGenerator, StepContext } from "../agent-deps.js";
import { languageName, notFoundTextFor, questionLanguage } from "../answer/answer-language.js";
import { extractiveGenerator } from "../answer/extractive-generator.js";
import type { Draft } from "../schemas.js";
import { groundedShortAnswer, MAX_ANSWER_SENTENCES, parseCitedAnswer } from "./cited-text.js";
import { EVIDENCE_LIMITS, evidencePrompt, PASSAGES_ARE_DATA } from "./evidence-prompt.js";

/**
 * The generator's contract: answer only from the delimited passages (data, never instructions);
 * the first sentence answers the question directly with its [S#]; at most two supporting
 * sentences; the exact not-found sentence when the passages do not hold the answer; a last
 * "Short answer:" line with the answer span (kept only when a cited passage states it).
 */
export const generatorPrompt = (question: string): string => {
  const lang = questionLanguage(question);
  return `Answer the question using ONLY the passages, in ${languageName(lang)} (the question's language).
${PASSAGES_ARE_DATA}
Your first sentence answers the question directly and ends with the id of the passage it comes from, like [S1].
Then write at most two short sentences that support it, each ending with its passage id, like [S2] or [S1][S2].
Last, on its own line, write "Short answer: " and the answer in a few words copied from the passage.
Never use anything that is not in the passages.
If the passages do not contain the answer, reply exactly: ${notFoundTextFor(question)}`;
};

/** The user message: the delimited passages, then the question (the user's own words, not data). */
export const generatorUserPrompt = (question: string, evidence: Parameters<typeof evidencePrompt>[0]) =>
  `${evidencePrompt(evidence)}\n\nQuestion: ${question}\nAnswer:`;

/**
 * LLM generator: streams the answer (each piece goes to ctx.onToken as it arrives; `.stream()`
 * takes usage from the server's final chunk, so no tokenizer is fetched), then keeps only the
 * sentences that cite evidence of the bundle. A refusal is "not found". A failed call falls back
 * to the extractive answer.
 */
export function createLlmGenerator(model: ChatOpenAI): AgentGenerator {
  return async (input, ctx) => {
    const { question, bundle } = input;
    if (bundle.evidence.length === 0)
      return { sentences: [], not_found: true, short_answer: null, refusal: "no passage was retrieved" };
    let full: AIMessageChunk | undefined;
    let text = "";
    try {
      const stream = await model.stream([
        { role: "system", content: generatorPrompt(question) },
        { role: "user", content: generatorUserPrompt(question, bundle.evidence) },
      ]);
      for await (const chunk of stream) {
        full = full ? full.concat(chunk) : chunk;
        const piece = typeof chunk.content === "string" ? chunk.content : "";
        if (piece) {
          text += piece;
          ctx?.onToken?.(piece);
        }
      }
    } catch (error) {
      if (full) ctx?.addTokens(tokensOf(full));
      ctx?.note(
        `llm generate: LLM call failed: ${describeError(error)}; fell back to the extractive generator`,
      );
      return extractiveGenerator(input);
    }
    if (full) ctx?.addTokens(tokensOf(full));
    // Only passages the model was shown may be cited.
    const shown = bundle.evidence.slice(0, EVIDENCE_LIMITS.passages);
    return draftFromReply(text, shown, ctx);
  };
}

/** The reply as a Draft, with trace notes on what was dropped and why it is not found. */
export function draftFromReply(
  text: string,
  evidence: readonly { sid: string; text: string }[],
  ctx?: StepContext,
): Draft {
  const parsed = parseCitedAnswer(text, new Set(evidence.map((e) => e.sid)));
  if (parsed.refused) {
    ctx?.note("llm generate: the model answered not found");
    return { ...parsed.draft, refusal: "the model found no answer in the passages" };
  }
  if (parsed.dropped > 0)
    ctx?.note(`llm generate: dropped ${parsed.dropped} sentence(s) without a valid [S#] citation`);
  if (parsed.over_limit > 0)
    ctx?.note(
      `llm generate: kept the first ${MAX_ANSWER_SENTENCES} cited sentences, dropped ${parsed.over_limit} more`,
    );
  if (parsed.draft.not_found) {
    ctx?.note("llm generate: no cited sentence left: answering not found");
    return { ...parsed.draft, refusal: "no sentence of the model's answer cited a passage it was shown" };
  }
  const short = groundedShortAnswer(parsed.short_candidate, parsed.draft.sentences, evidence);
  if (parsed.short_candidate && !short)
    ctx?.note("llm generate: short answer not stated by a cited passage: left empty");
  return { ...parsed.draft, short_answer: short };
}

function tokensOf(message: AIMessageChunk) {
  const u = usageOf(message);
  return { prompt: u.input, completion: u.output };
}
