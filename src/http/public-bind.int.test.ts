import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../ingest/test-helpers.js";
import { spawnServe } from "./serve-process.js";

const BIN = resolve(import.meta.dirname, "../../bin/agr.mjs");
const ENV = { AGR_EMBEDDER: "none", AGR_HTTP_API_KEYS: "", AGR_HTTP_ALLOW_PUBLIC: "", AGR_HTTP_HOST: "" };

/**
 * `agr serve` with these arguments until it exits or prints its URL line (then it is killed):
 * what an operator running it on a shared machine would see.
 */
const newStore = () => join(tempDir("agr-bind-"), "graph.db");

function serveOnce(args: string[], env: Record<string, string> = {}) {
  const store = newStore();
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--store", store, ...args], {
    env: { ...process.env, ...ENV, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    if (stdout.includes("\n")) child.kill("SIGKILL");
  });
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on("exit", (code) => done({ code, stdout, stderr })),
  );
}

describe("agr serve beyond loopback", () => {
  it("0.0.0.0 without API keys is refused: a clear error, exit code 2 (a usage error), nothing listening", async () => {
    for (const args of [
      ["--host", "0.0.0.0"],
      ["--host", "::"],
    ]) {
      const run = await serveOnce(args);
      expect(run.stdout, run.stderr).toBe("");
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/AGR_HTTP_API_KEYS/);
      expect(run.stderr).toMatch(/--allow-public/);
    }
    const viaEnv = await serveOnce([], { AGR_HTTP_HOST: "0.0.0.0" });
    expect(viaEnv.code).toBe(2);
  }, 60_000);

  it("--allow-public or AGR_HTTP_ALLOW_PUBLIC=1 serves with a warning; API keys need neither", async () => {
    const runs = [
      await spawnServe({
        env: { ...ENV, AGR_HTTP_HOST: "0.0.0.0" },
        args: ["--allow-public"],
        ready: false,
        store: newStore(),
      }),
      await spawnServe({
        env: { ...ENV, AGR_HTTP_HOST: "0.0.0.0", AGR_HTTP_ALLOW_PUBLIC: "1" },
        ready: false,
        store: newStore(),
      }),
    ];
    for (const run of runs) {
      for (let i = 0; i < 50 && !/warning/.test(run.log()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(run.log()).toMatch(/warning: .*0\.0\.0\.0.* without API keys/);
      // Listening on every interface, loopback included.
      expect((await fetch(`http://127.0.0.1:${run.port}/healthz`)).status).toBe(200);
      await run.kill9();
    }
    const keyed = await spawnServe({
      env: { ...ENV, AGR_HTTP_HOST: "0.0.0.0", AGR_HTTP_API_KEYS: "k1" },
      ready: false,
      store: newStore(),
    });
    expect((await fetch(`http://127.0.0.1:${keyed.port}/v1/stats`)).status).toBe(401);
    expect(keyed.log()).not.toMatch(/warning: .*without API keys/);
    await keyed.kill9();
  }, 120_000);
});
