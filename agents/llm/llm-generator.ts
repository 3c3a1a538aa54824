import type { AIMessageChunk } from "@langchain/core/messages";
import type { ChatOpenAI } from "@langchain/openai";
import { describeError } from "../../src/errors.js";
import { usageOf } from "../../src/llm/token-usage.js";
import type { AgentGenerator } from "../agent-deps.js";
import { languageName, notFoundTextFor, questionLanguage } from "../answer/answer-language.js";
import { extractiveGenerator } from "../answer/extractive-generator.js";
import { parseCitedAnswer } from "./cited-text.js";
import { evidencePrompt } from "./evidence-prompt.js";

/** The design's prompt contract: numbered evidence, answer only from it, [S#] after every sentence. */
export const generatorPrompt = (question: string): string => {
  const lang = questionLanguage(question);
  return `Answer the question using ONLY the numbered passages, in ${languageName(lang)} (the question's language).
End every sentence with the number of the passage it comes from, like [S1] or [S1][S2].
Write at most 4 short sentences. Never use anything that is not in the passages.
If the passages do not contain the answer, reply exactly: ${notFoundTextFor(question)}`;
};

/**
 * LLM generator: streams the answer (each piece goes to ctx.onToken as it arrives; `.stream()`
 * takes usage from the server's final chunk, so no tokenizer is fetched), then keeps only the
 * sentences that cite evidence of the bundle. A failed call falls back to the extractive answer.
 */
export function createLlmGenerator(model: ChatOpenAI): AgentGenerator {
  return async (input, ctx) => {
    const { question, bundle } = input;
    if (bundle.evidence.length === 0) return { sentences: [], not_found: true };
    let full: AIMessageChunk | undefined;
    let text = "";
    try {
      const stream = await model.stream([
        { role: "system", content: generatorPrompt(question) },
        {
          role: "user",
          content: `Passages:\n${evidencePrompt(bundle.evidence)}\n\nQuestion: ${question}\nAnswer:`,
        },
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
    const parsed = parseCitedAnswer(text, new Set(bundle.evidence.map((e) => e.sid)));
    if (parsed.dropped > 0)
      ctx?.note(`llm generate: dropped ${parsed.dropped} sentence(s) without a valid [S#] citation`);
    if (parsed.draft.not_found && !parsed.said_not_found)
      ctx?.note("llm generate: no cited sentence left: answering not found");
    return parsed.draft;
  };
}

function tokensOf(message: AIMessageChunk) {
  const u = usageOf(message);
  return { prompt: u.input, completion: u.output };
}
