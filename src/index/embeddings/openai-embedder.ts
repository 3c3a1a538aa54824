import { OpenAIEmbeddings } from "@langchain/openai";
import { z } from "zod";
import { normalise } from "../../domain/vector-math.js";
import { AgrError, describeError } from "../../errors.js";
import type { Embedder } from "./embedder.js";

export interface OpenAIEmbedderOptions {
  apiKey: string;
  /** An OpenAI-compatible server; unset = api.openai.com. */
  baseUrl?: string;
  model: string;
  /** Requested size (text-embedding-3-*); unset = the model's own, found by one probe call. */
  dimensions?: number;
  batchSize: number;
  /** Retries of one request (429, 5xx) before the batch fails and its chunks are retried later. */
  maxRetries?: number;
}

const VectorsSchema = z.array(z.array(z.number()).min(1));

/** OpenAI or an OpenAI-compatible server through @langchain/openai; id `openai:<model>`. */
export async function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Promise<Embedder> {
  const client = new OpenAIEmbeddings({
    apiKey: options.apiKey,
    model: options.model,
    batchSize: options.batchSize,
    maxRetries: options.maxRetries ?? 2,
    ...(options.dimensions ? { dimensions: options.dimensions } : {}),
    ...(options.baseUrl ? { configuration: { baseURL: options.baseUrl } } : {}),
  });
  const where = options.baseUrl ?? "api.openai.com";
  let dim = options.dimensions;
  const embed = async (texts: readonly string[]): Promise<Float32Array[]> => {
    if (texts.length === 0) return [];
    let raw: unknown;
    try {
      raw = await client.embedDocuments([...texts]);
    } catch (error) {
      throw new AgrError(
        "embedding_api",
        "upstream",
        `embedding request to ${where} failed: ${describeError(error)}`,
        {
          cause: error,
        },
      );
    }
    const parsed = VectorsSchema.safeParse(raw);
    if (!parsed.success || parsed.data.length !== texts.length) {
      throw new AgrError(
        "embedding_api",
        "upstream",
        `${where} returned malformed embeddings for ${options.model}`,
      );
    }
    const bad = dim === undefined ? undefined : parsed.data.find((v) => v.length !== dim);
    if (bad)
      throw new AgrError(
        "embedding_api",
        "upstream",
        `${where} returned ${bad.length} dimensions, not ${dim}`,
      );
    return parsed.data.map((v) => normalise(Float32Array.from(v)));
  };
  dim ??= (await embed(["dimension probe"]))[0]?.length ?? 0;
  return { id: `openai:${options.model}`, dim, kind: "api", embedQueries: embed, embedPassages: embed };
}
