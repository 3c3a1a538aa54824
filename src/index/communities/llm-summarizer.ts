import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { createChatModel, type LlmConfig } from "../../llm/chat-model.js";
import { clip, delimitPassages, PASSAGES_ARE_DATA } from "../../llm/delimit-passages.js";
import type { CommunitySummarizer } from "./community-summarizer.js";
import { createExtractiveSummarizer } from "./extractive-summarizer.js";

/** Passages and characters per passage sent to the model: a small model's context is short. */
const MAX_SOURCES = 8;
const MAX_CHARS = 600;

const ReplySchema = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, "malformed LLM output: an empty summary"));

/** The summarizer's system prompt: what to write, and that the passages are data. */
export const SUMMARY_PROMPT = `You summarise a group of related passages for a reader who wants the overall picture.
Write 2-4 plain sentences on what the passages have in common. Use only facts in the passages.
${PASSAGES_ARE_DATA}`;

/**
 * LLM-written summary through the configured LangChain chat model: the community's central
 * passages (those the extractive summary picks, then the rest) in, a short plain-text
 * summary out; it cites the sections it was shown.
 */
export function createLlmSummarizer(model: ChatOpenAI, modelId: string): CommunitySummarizer {
  const pick = createExtractiveSummarizer(MAX_SOURCES);
  return {
    id: `llm:${modelId}`,
    source: "llm",
    async summarize(input) {
      const central = new Set((await pick.summarize(input)).sections);
      const ordered = [
        ...input.sources.filter((s) => central.has(s.section_id)),
        ...input.sources.filter((s) => !central.has(s.section_id)),
      ];
      const shown = [...new Map(ordered.map((s) => [s.section_id, s])).values()].slice(0, MAX_SOURCES);
      const passages = delimitPassages(
        shown.map((s, i) => ({ id: `P${i + 1}`, source: s.title, text: clip(s.text, MAX_CHARS) })),
        { group: input.title, key_terms: input.top_terms.join(", ") },
      );
      const reply = await model.invoke([
        { role: "system", content: SUMMARY_PROMPT },
        { role: "user", content: `${passages}\n\nSummary:` },
      ]);
      const parsed = ReplySchema.safeParse(typeof reply.content === "string" ? reply.content : reply.text);
      // Thrown: community_search then falls back to the extractive summary (and says so).
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "malformed LLM output");
      const text = parsed.data;
      return { text, sections: shown.map((s) => s.section_id) };
    },
  };
}

/** The LLM summarizer when AGR_LLM is configured, else the offline extractive one. */
export async function createCommunitySummarizer(config: LlmConfig): Promise<CommunitySummarizer> {
  const chat = await createChatModel(config);
  return chat ? createLlmSummarizer(chat.model, chat.id) : createExtractiveSummarizer();
}
