import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { embedderFor } from "../index/index-processors.js";
import { tempDir, writeTree } from "../ingest/test-helpers.js";
import { type Engine, openEngine } from "./engine.js";

// The server's agent takes the reader's settings from the environment as `agr ask` and the evals do
// (agents/agent-deps.ts configuredDeps): an AGR_READER_* setting the server ignored went unnoticed.
describe("the engine's agent honours the reader settings", () => {
  const dir = writeTree({
    "fleet.md":
      "# Harbor Freightways\n\nIn 2021 Harbor Freightways opened a depot; its fleet counted 300 vehicles across the region.\n",
  });
  const storePath = join(tempDir("agr-engine-settings-"), "graph.db");
  const engines: Engine[] = [];
  const open = async (env: Record<string, string>) => {
    const engine = await openEngine(loadConfig({ storePath, embedder: "fallback" }, env), {
      createEmbedder: embedderFor,
      log: () => {},
    });
    engines.push(engine);
    return engine;
  };
  beforeAll(async () => {
    const engine = await open({});
    engine.jobs.submit("path", [
      { name: "fleet.md", path: join(dir, "fleet.md"), bytes: statSync(join(dir, "fleet.md")).size },
    ]);
    await engine.jobs.idle();
    await engine.close(1000);
  }, 120_000);
  afterAll(async () => {
    for (const e of engines) await e.close(1000).catch(() => {});
  });

  it("answers under the default floor and refuses under AGR_READER_MIN_SCORE=0.99, saying so", async () => {
    const question = "How many trucks did Harbor Freightways run?";
    const plain = await open({});
    const answered = await plain.agent.ask(question);
    await plain.close(1000);
    expect(answered).toMatchObject({ not_found: false, not_found_reason: null });
    const strict = await open({ AGR_READER_MIN_SCORE: "0.99" });
    const refused = await strict.agent.ask(question);
    expect(refused.not_found).toBe(true);
    expect(refused.not_found_reason).toMatch(/under 0\.99\)$/);
  });
});
