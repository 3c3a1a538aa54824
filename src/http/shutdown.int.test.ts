import { describe, expect, it } from "vitest";
import type { CreateEmbedder } from "../../agents/agent-deps.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import { embedderFor } from "../index/index-processors.js";
import { QueryResponseSchema } from "./routes/query.js";
import { parseSse, startTestServer } from "./test-server.js";

/**
 * The real model, with a gate: once armed, every query embedding waits for release(), so a test
 * can hold requests in flight (inside the agent) for as long as it needs.
 */
function gatedModel() {
  let armed = false;
  let entered = 0;
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const create: CreateEmbedder = async (config) => {
    const made = await embedderFor(config);
    if (!made) throw new Error("the test needs the local model");
    const inner = made.embedder;
    const embedder: Embedder = {
      id: inner.id,
      dim: inner.dim,
      kind: inner.kind,
      async embedQueries(texts) {
        if (armed) {
          entered++;
          await gate;
        }
        return inner.embedQueries(texts);
      },
      embedPassages: (texts) => inner.embedPassages(texts),
      close: async () => inner.close?.(),
    };
    return { ...made, embedder };
  };
  return {
    create,
    arm: () => {
      armed = true;
    },
    release: () => release(),
    entered: () => entered,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("graceful shutdown", () => {
  it("close(): in-flight requests (plain and streamed) finish with 200, new ones are refused, then it resolves", async () => {
    const model = gatedModel();
    const ts = await startTestServer({ httpShutdownGraceMs: 20_000 }, { createEmbedder: model.create });
    model.arm();
    const question = "How do I create an object with a ConstructorRef?";
    const plain = ts.json("/v1/query", { body: { question } });
    const streamed = await fetch(`${ts.url}/v1/query?stream=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question }),
    });
    expect(streamed.status).toBe(200);
    for (const until = Date.now() + 30_000; model.entered() < 2 && Date.now() < until; ) await sleep(20);
    expect(model.entered()).toBe(2); // both are inside the agent, waiting on the model

    let closed = false;
    const closing = ts.close().then(() => {
      closed = true;
    });
    await sleep(200);
    expect(closed).toBe(false);
    expect(ts.ctx.status).toBe("stopping");
    const late = await fetch(`${ts.url}/v1/stats`).then(
      (r) => r.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(late);

    model.release();
    const answered = await plain;
    expect(answered.status).toBe(200);
    QueryResponseSchema.parse(answered.body);
    const events = parseSse(await streamed.text());
    expect(events[0]?.event).toBe("start");
    expect(events.at(-1)?.event).toBe("result");
    QueryResponseSchema.parse(JSON.parse(events.at(-1)?.data ?? ""));

    await closing;
    expect(closed).toBe(true);
    await expect(fetch(`${ts.url}/healthz`)).rejects.toThrow();
  }, 90_000);
});
