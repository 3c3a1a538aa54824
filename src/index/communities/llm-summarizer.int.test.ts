import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureStore } from "../../../tools/test-store.js";
import { loadConfig } from "../../config.js";
import type { GraphStore } from "../../store/graph-store.js";
import { communitySummary } from "./community-summary.js";
import { createCommunitySummarizer } from "./llm-summarizer.js";

// A REAL local model server (scripts/llm-server.mjs, as in src/llm/llm.int.test.ts); never skipped.
const SCRIPT = resolve(import.meta.dirname, "../../../scripts/llm-server.mjs");
let server: ChildProcess | undefined;
let baseUrl = "";
let store: GraphStore;

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });

beforeAll(async () => {
  store = await fixtureStore();
  const port = await freePort();
  const child = spawn(process.execPath, [SCRIPT, "serve", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  let log = "";
  child.stderr?.on("data", (d) => {
    log = (log + d.toString()).slice(-4000);
  });
  baseUrl = await new Promise<string>((ok, fail) => {
    child.stdout?.on("data", (d: Buffer) => {
      const m = /ready (\S+)/.exec(d.toString());
      if (m?.[1]) ok(m[1]);
    });
    child.on("exit", (code) =>
      fail(new Error(`local LLM server could not start (npm run llm:setup; exit ${code}): ${log}`)),
    );
  });
}, 900_000);

afterAll(async () => {
  server?.kill();
  await store?.close();
});

describe("LLM community summaries against a real local model server", () => {
  it("writes the summary through the configured chat model, caches it, and stays extractive without AGR_LLM", async () => {
    const config = loadConfig(
      {},
      {
        AGR_LLM: "openai",
        AGR_LLM_BASE_URL: baseUrl,
        AGR_LLM_MODEL: "smollm2-135m",
        AGR_LLM_MAX_TOKENS: "96",
      },
    );
    const summarizer = await createCommunitySummarizer(config);
    expect(summarizer.source).toBe("llm");
    const [c] = (await store.findNodes({ label: "Community" })).filter((x) => x.kind === "section");
    if (!c) throw new Error("no section community");
    const made = await communitySummary(store, c.id, summarizer);
    expect(made).toMatchObject({ cached: false, source: "llm" });
    expect(made.summary.trim().length).toBeGreaterThan(0);
    expect(made.sections.length).toBeGreaterThan(0);
    const node = await store.getNode(c.id);
    expect(node?.label === "Community" && node.summary_source).toBe("llm");
    expect((await communitySummary(store, c.id, summarizer)).cached).toBe(true);
    const offline = await createCommunitySummarizer(loadConfig({}, {}));
    expect(offline.source).toBe("extractive");
    expect((await communitySummary(store, c.id, offline)).source).toBe("extractive");
  }, 300_000);
});
