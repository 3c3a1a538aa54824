import { loadConfig } from "../config.js";
import { createChatModel } from "./chat-model.js";
import { type FakeReply, fakeChatServer } from "./fake-chat-server.js";

/**
 * The real LangChain/OpenAI chat model talking to fakeChatServer (no retries), for unit tests of
 * the LLM steps: what they send and how they read a reply, without a model server.
 */
export async function fakeChatModel(answer: (body: Record<string, unknown>) => FakeReply) {
  const server = fakeChatServer(answer);
  const config = loadConfig(
    {},
    {
      AGR_LLM: "openai",
      AGR_LLM_BASE_URL: "http://fake.local/v1",
      AGR_LLM_MODEL: "fake",
      AGR_LLM_MAX_RETRIES: "0",
    },
  );
  const chat = await createChatModel(config, server.fetch);
  if (!chat) throw new Error("no chat model");
  return { model: chat.model, id: chat.id, server };
}
