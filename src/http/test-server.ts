import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { CreateEmbedder } from "../../agents/agent-deps.js";
import { type Config, loadConfig } from "../config.js";
import { embedderFor } from "../index/index-processors.js";
import { tempDir } from "../ingest/test-helpers.js";
import { type RunningServer, startServer } from "./server.js";

export const SAMPLES = join(import.meta.dirname, "../../samples");

export interface TestServer extends RunningServer {
  dir: string;
  config: Config;
  /** fetch against the server with JSON helpers. */
  json(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
}

/**
 * A real server on a free loopback port over a fresh store in a temp folder, with the real local
 * embedder (bge-small); `<dir>/in` is the allowed ingest root. `samples: true` ingests samples/markdown first through the API itself
 * (upload → job), so tests start from a store built the way users build one.
 */
export interface TestServerOptions {
  samples?: boolean;
  /** Replaces the real embedder factory, e.g. to hold the engine in its loading state. */
  createEmbedder?: CreateEmbedder;
  /** false: return as soon as the server listens, before the engine is open (default true). */
  waitReady?: boolean;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dir = tempDir("agr-http-");
  mkdirSync(join(dir, "in"));
  const config = loadConfig(
    { storePath: join(dir, "graph.db"), httpPort: 0, httpIngestRoots: [join(dir, "in")], ...overrides },
    {},
  );
  const server = await startServer(config, {
    createEmbedder: options.createEmbedder ?? embedderFor,
    log: () => {},
  });
  if (options.waitReady !== false) await server.ready;
  const json: TestServer["json"] = async (path, init = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body, headers: res.headers };
  };
  const ts: TestServer = { ...server, dir, config, json };
  if (options.samples) await ingestSamples(ts);
  return ts;
}

/** Copies samples/markdown into the allowed root and ingests it through POST /v1/documents {paths}. */
async function ingestSamples(ts: TestServer): Promise<void> {
  const root = ts.config.httpIngestRoots[0];
  if (!root) throw new Error("samples need an ingest root");
  cpSync(join(SAMPLES, "markdown"), join(root, "markdown"), { recursive: true });
  const res = await ts.json("/v1/documents", { body: { paths: [join(root, "markdown")] } });
  if (res.status !== 202) throw new Error(`ingest refused: ${JSON.stringify(res.body)}`);
  const engine = ts.ctx.engine();
  await engine.jobs.idle();
}

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** A whole text/event-stream body → its events, parsed as the SSE spec says (default event "message"). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event = "message";
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      const m = /^([^:]+):\s?(.*)$/.exec(line);
      if (!m) continue;
      const [, field, value = ""] = m;
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
      else if (field === "id") id = value;
    }
    if (data.length) events.push({ event, data: data.join("\n"), ...(id === undefined ? {} : { id }) });
  }
  return events;
}
