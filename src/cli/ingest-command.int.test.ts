import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../domain/package-root.js";
import { sharedPath, tempDir } from "../ingest/test-helpers.js";

const ROOT = packageRoot();
const BIN = join(ROOT, "bin", "agr.mjs");
const TEN_K = sharedPath("corpora/pdf/uber_2021_form10k.pdf");

// Both ways an ingest used to end part-way without a word on stdout or stderr.
describe("agr ingest ending early", { timeout: 120_000 }, () => {
  it("says so and exits non-zero when it waits on a promise nothing will settle", () => {
    // What Node does then: end the process, silently, with exit code 13 (top-level await).
    const script = `import { watchIngestEnd } from ${JSON.stringify(join(ROOT, "src/cli/ingest-command.ts"))};
watchIngestEnd();
await new Promise(() => {});`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.stderr).toMatch(/ingest stopped before finishing.*rerun to resume/);
    expect(run.status).toBe(1);
  });

  it("says so when a hangup stops it (node undoes nohup's ignoring of SIGHUP)", async () => {
    const store = join(tempDir(), "graph.db");
    // As it was started when this happened: nohup (which execs node, so the pid is node's).
    const child = spawn("nohup", [process.execPath, BIN, "ingest", TEN_K, "--store", store, "--json"], {
      env: { ...process.env, AGR_STORE: "", AGR_EMBEDDER: "none", AGR_LLM: "none" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const ended = new Promise<NodeJS.Signals | null>((done) =>
      child.on("exit", (_code, signal) => done(signal)),
    );
    // The store file exists once the command has opened it: it is parsing the 307-page PDF.
    while (!existsSync(store)) await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGHUP");
    expect(await ended).toBe("SIGHUP");
    expect(stderr).toMatch(/ingest stopped by SIGHUP.*rerun to resume/);
  });
});
