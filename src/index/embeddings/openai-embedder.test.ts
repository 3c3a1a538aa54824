import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dot } from "../../domain/vector-math.js";
import { createEmbedder } from "./create-embedder.js";
import { createOpenAIEmbedder } from "./openai-embedder.js";

const RequestSchema = z.object({
  model: z.string(),
  input: z.array(z.string()),
  dimensions: z.number().optional(),
  encoding_format: z.enum(["float", "base64"]).optional(),
});

/** A minimal OpenAI-compatible /v1/embeddings server: vectors from text length; "quota" answers 429. */
function fakeServer(seen: Array<z.infer<typeof RequestSchema> & { auth: string | undefined }>): Server {
  return createServer((req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      const parsed = RequestSchema.parse(JSON.parse(body));
      seen.push({ ...parsed, auth: req.headers.authorization });
      res.setHeader("content-type", "application/json");
      if (parsed.model === "quota") {
        res.statusCode = 429;
        res.end(
          JSON.stringify({
            error: { message: "You exceeded your current quota", type: "insufficient_quota" },
          }),
        );
        return;
      }
      const dim = parsed.dimensions ?? 8;
      const data = parsed.input.map((text, index) => {
        const v = Float32Array.from({ length: dim }, (_, i) => (i === text.length % dim ? 3 : 1));
        const embedding =
          parsed.encoding_format === "base64" ? Buffer.from(v.buffer).toString("base64") : [...v];
        return { object: "embedding", index, embedding };
      });
      res.end(
        JSON.stringify({
          object: "list",
          data,
          model: parsed.model,
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    });
  });
}

describe("OpenAI embedder against an OpenAI-compatible server", () => {
  const seen: Array<z.infer<typeof RequestSchema> & { auth: string | undefined }> = [];
  const server = fakeServer(seen);
  let baseUrl = "";
  beforeAll(async () => {
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it("sends model, dimensions and key to the configured base URL and normalises the vectors", async () => {
    const embedder = await createOpenAIEmbedder({
      apiKey: "k1",
      baseUrl,
      model: "emb-a",
      dimensions: 16,
      batchSize: 2,
    });
    expect(embedder).toMatchObject({ id: "openai:emb-a", dim: 16, kind: "api" });
    const vectors = await embedder.embedPassages(["a", "bb", "ccc"]);
    expect(vectors.map((v) => v.length)).toEqual([16, 16, 16]);
    for (const v of vectors) expect(dot(v, v)).toBeCloseTo(1, 5);
    expect(seen.every((r) => r.model === "emb-a" && r.dimensions === 16 && r.auth === "Bearer k1")).toBe(
      true,
    );
    expect(seen.flatMap((r) => r.input)).toEqual(["a", "bb", "ccc"]);
  });

  it("discovers the dimension with one call when it is not configured (via createEmbedder)", async () => {
    const choice = await createEmbedder({
      embedder: "openai",
      embeddingModel: "unused",
      allowRemoteModels: false,
      embeddingBatchSize: 32,
      openaiBaseUrl: baseUrl,
      openaiEmbeddingModel: "emb-b",
    });
    expect(choice?.warning).toBeUndefined();
    expect(choice?.embedder).toMatchObject({ id: "openai:emb-b", dim: 8, kind: "api" });
  });

  it("throws on a quota error, so the pipeline fails the batch and retries it later", async () => {
    const request = createOpenAIEmbedder({
      apiKey: "k",
      baseUrl,
      model: "quota",
      dimensions: 8,
      batchSize: 8,
      maxRetries: 0,
    });
    const embedder = await request;
    await expect(embedder.embedPassages(["x"])).rejects.toThrow(/quota/i);
  });
});
