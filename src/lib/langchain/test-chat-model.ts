import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { z } from "zod";

const CitedResultSchema = z.object({
  bundle: z.object({ evidence: z.array(z.object({ sid: z.string(), text: z.string() })) }),
});

const words = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/**
 * A deterministic stand-in for a tool-calling chat model, for tests of our tools inside a user's
 * own LangGraph graph: on a user turn it calls `tool` with the question as `query`; once the tool
 * answered, it replies with the sentence of the tool's first passage that shares the most words
 * with the question, citing that passage's S#.
 */
export class ScriptedToolModel extends BaseChatModel {
  readonly tool: string;
  /** The tool results the model was shown, as the tool node delivered them (for assertions). */
  readonly seen: string[] = [];

  constructor(tool: string) {
    super({});
    this.tool = tool;
  }

  _llmType(): string {
    return "scripted-tool-model";
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages.at(-1);
    const message = last instanceof ToolMessage ? this.answer(last, messages) : this.callTool(messages);
    return { generations: [{ text: message.text, message }] };
  }

  private callTool(messages: BaseMessage[]): AIMessage {
    const question = this.question(messages);
    return new AIMessage({
      content: "",
      tool_calls: [{ id: `call_${messages.length}`, name: this.tool, args: { query: question } }],
    });
  }

  private question(messages: BaseMessage[]): string {
    return messages.findLast((m) => m.getType() === "human")?.text ?? "";
  }

  private answer(result: ToolMessage, messages: BaseMessage[]): AIMessage {
    this.seen.push(result.text);
    const first = CitedResultSchema.parse(JSON.parse(result.text)).bundle.evidence[0];
    if (!first) return new AIMessage("Not found in the documents.");
    const asked = new Set(words(this.question(messages)));
    const overlap = (s: string) => words(s).filter((w) => asked.has(w)).length;
    const sentences = first.text.match(/[^.!?]+[.!?]/g) ?? [first.text];
    const best = sentences.reduce((a, b) => (overlap(b) > overlap(a) ? b : a));
    return new AIMessage(`${best.trim()} [${first.sid}]`);
  }
}
