import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestPaths } from "../src/ingest/pipeline.js";
import { TEST_CONFIG, tempDir } from "../src/ingest/test-helpers.js";
import { SqliteGraphStore } from "../src/store/embedded/sqlite-store.js";
import { AnswerCitationSchema, FinalAnswerSchema, TraceEventSchema } from "./schemas.js";

const ROOT = join(import.meta.dirname, "..");
const SAMPLES = join(ROOT, "samples");
const CLI = join(ROOT, "node_modules/@langchain/langgraph-cli/dist/cli/cli.mjs");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitUntilUp(url: string, server: ChildProcess, log: () => string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`langgraph dev exited ${server.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}/ok`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`langgraph dev not up after ${ms} ms:\n${log()}`);
}

/**
 * `langgraph dev` serving agents/graph.ts (langgraph.json) offline: a real server on a free port,
 * its store built from samples/ and named by AGR_STORE, one question through its HTTP API.
 */
describe("langgraph dev serves the agent graph", { timeout: 180_000 }, () => {
  let server: ChildProcess;
  let url = "";
  let output = "";

  beforeAll(async () => {
    const storePath = join(tempDir("agr-lgdev-"), "graph.db");
    const store = SqliteGraphStore.open(storePath);
    await ingestPaths(store, [join(SAMPLES, "markdown"), join(SAMPLES, "html"), join(SAMPLES, "pdf")], {
      config: TEST_CONFIG,
    });
    await store.close();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(
      process.execPath,
      [CLI, "dev", "--no-browser", "--host", "127.0.0.1", "--port", String(port), "--n-jobs-per-worker", "2"],
      {
        cwd: ROOT,
        detached: true,
        env: {
          ...process.env,
          LANGGRAPH_CLI_NO_ANALYTICS: "1",
          LANGSMITH_TRACING: "false",
          AGR_STORE: storePath,
          AGR_EMBEDDER: "none",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    server.stdout?.on("data", (d) => {
      output += String(d);
    });
    server.stderr?.on("data", (d) => {
      output += String(d);
    });
    await waitUntilUp(url, server, () => output.slice(-4000), 120_000);
  }, 180_000);

  afterAll(async () => {
    // The CLI runs the API under `tsx watch` in child processes: stop the whole group.
    if (server?.pid && server.exitCode === null) {
      process.kill(-server.pid, "SIGTERM");
      await new Promise((r) => setTimeout(r, 1000));
      if (server.exitCode === null) process.kill(-server.pid, "SIGKILL");
    }
  });

  it("answers a question on a thread with cited, verified sentences and a trace", async () => {
    const client = new Client({ apiUrl: url });
    const assistants = await client.assistants.search({ graphId: "agent" });
    expect(assistants.length).toBeGreaterThan(0);
    const thread = await client.threads.create();
    const values = (await client.runs.wait(thread.thread_id, "agent", {
      input: { question: "How do I create an object with a ConstructorRef?" },
    })) as Record<string, unknown>;
    const final = FinalAnswerSchema.parse(values.final);
    expect(final.not_found).toBe(false);
    expect(final.route).toBe("simple");
    expect(final.answer).toMatch(/ConstructorRef.*\[S\d+\]/);
    expect(final.citations.length).toBeGreaterThan(0);
    for (const c of final.citations) {
      AnswerCitationSchema.parse(c);
      expect(final.answer).toContain(`[${c.S}]`);
      const [file, fragment] = (c.url ?? "").split("#");
      expect(existsSync(fileURLToPath(file ?? ""))).toBe(true);
      expect(fragment).toBeTruthy();
    }
    const steps = TraceEventSchema.array()
      .parse(values.trace)
      .map((e) => e.step);
    expect(steps).toEqual(["route", "retrieve", "grade", "generate", "verify", "finalize"]);
    // The run is stored on the thread like any LangGraph run.
    const state = await client.threads.getState(thread.thread_id);
    expect(FinalAnswerSchema.parse((state.values as Record<string, unknown>).final)).toEqual(final);
  });
});
