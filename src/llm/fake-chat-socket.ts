import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeReply, fakeChatServer } from "./fake-chat-server.js";

/**
 * fakeChatServer on a real loopback port, for code that reaches the model by URL (a served
 * engine configured with AGR_LLM_BASE_URL): every request is recorded, every reply scripted.
 */
export async function fakeChatSocket(answer: (body: Record<string, unknown>) => FakeReply) {
  const fake = fakeChatServer(answer);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (d: Buffer) => chunks.push(d));
    req.on("end", async () => {
      const reply = await fake.fetch(`http://fake.local${req.url ?? "/"}`, {
        method: req.method ?? "POST",
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(reply.status, { "content-type": reply.headers.get("content-type") ?? "text/plain" });
      res.end(Buffer.from(await reply.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: fake.requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
