import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server.js";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({}, { samples: true });
}, 180_000);
afterAll(async () => ts?.close());

describe("agr serve over a real socket (smoke)", () => {
  it("answers a question with citations after ingesting through the API", async () => {
    const r = await ts.json("/v1/query", {
      body: { question: "How do I create an object with a ConstructorRef?" },
    });
    expect(r.status).toBe(200);
    const body = r.body as { answer: string; citations: Array<{ url?: string }>; trace_id: string };
    expect(body.citations.length).toBeGreaterThan(0);
    expect(body.answer).toMatch(/\[S\d+\]/);
    expect(r.headers.get("x-trace-id")).toBe(body.trace_id);
  });
});
