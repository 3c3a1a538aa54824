import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ASK_MODES } from "../../agents/graph-state.js";
import { packageRoot } from "../domain/package-root.js";
import { tempDir } from "../ingest/test-helpers.js";
import { ASK_MODE_CHOICES } from "./ask-command.js";

const ROOT = packageRoot();
const BIN = join(ROOT, "bin", "agr.mjs");
const HEAVY =
  /node_modules\/(@huggingface\/transformers|onnxruntime-node|@langchain\/|pdfjs-dist|hono|neo4j-driver|mammoth)\//;

/** Every module URL a run of `agr args` resolves, through a resolve hook (ESM imports). */
function importsOf(args: string[]): { urls: string[]; status: number | null; stdout: string } {
  const dir = tempDir("agr-imports-");
  const log = join(dir, "imports.log");
  writeFileSync(
    join(dir, "hooks.mjs"),
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const out = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, out.url + "\\n");
  return out;
}\n`,
  );
  writeFileSync(
    join(dir, "register.mjs"),
    `import { register } from "node:module";\nregister(${JSON.stringify(`file://${join(dir, "hooks.mjs")}`)});\n`,
  );
  writeFileSync(log, "");
  const r = spawnSync(process.execPath, ["--import", join(dir, "register.mjs"), BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, AGR_STORE: "" },
  });
  return { urls: readFileSync(log, "utf8").split("\n").filter(Boolean), status: r.status, stdout: r.stdout };
}

describe("agr start-up", { timeout: 120_000 }, () => {
  it("--help and a command's --help load no model runtime, LangChain, parser, server or driver", () => {
    for (const args of [["--help"], ["ask", "--help"], ["eval", "--help"], ["retrieve", "--help"]]) {
      const run = importsOf(args);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/Usage: agr/);
      expect(run.urls.filter((u) => HEAVY.test(u))).toEqual([]);
    }
  });

  it("stats opens the store (the hook sees packages) without loading the answering stack", () => {
    const store = join(tempDir(), "graph.db");
    const run = importsOf(["stats", "--store", store, "--json"]);
    expect(run.status).toBe(0);
    expect(run.urls.some((u) => u.includes("node_modules/better-sqlite3/"))).toBe(true);
    expect(run.urls.filter((u) => HEAVY.test(u))).toEqual([]);
  });

  it("ask's --mode choices are the agent's modes", () => {
    expect([...ASK_MODE_CHOICES]).toEqual([...ASK_MODES]);
  });
});

describe("bin/agr.mjs picks the built CLI only while it is current", { timeout: 120_000 }, () => {
  // A package root of its own: the real launcher, stand-in entry points that say which ran.
  const root = tempDir("agr-bin-");
  const entry = (who: string) =>
    `export async function runAgr() { process.stdout.write(${JSON.stringify(who)}); }\nexport const registerEvalCommand = () => {};\n`;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("package.json", JSON.stringify({ name: "agentic-graph-rag", type: "module" }));
  mkdirSync(join(root, "bin"));
  copyFileSync(BIN, join(root, "bin", "agr.mjs"));
  symlinkSync(join(ROOT, "node_modules"), join(root, "node_modules"));
  write("dist/src/cli/main.js", entry("dist"));
  write("dist/evals/cli/eval-command.js", entry("dist"));
  write("src/cli/main.ts", entry("source"));
  write("evals/cli/eval-command.ts", entry("source"));
  const which = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(root, "bin", "agr.mjs")], {
      encoding: "utf8",
      env: { ...process.env, ...env },
    }).stdout;
  const age = (path: string, secondsAgo: number) => {
    const t = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(join(root, path), t, t);
  };

  it("no build stamp: the sources", () => {
    expect(which()).toBe("source");
  });

  it("stamp newer than every source: dist; a source edited after the build: the sources again", () => {
    write("dist/.build-stamp", "built\n");
    age("dist/.build-stamp", 30);
    for (const f of ["src/cli/main.ts", "evals/cli/eval-command.ts"]) age(f, 60);
    expect(which()).toBe("dist");
    expect(which({ AGR_CLI_FROM_SOURCE: "1" })).toBe("source");
    write("src/cli/later.ts", "export {};\n");
    expect(which()).toBe("source");
    // Tests are not compiled into dist/: editing one keeps the build current.
    rmSync(join(root, "src/cli/later.ts"));
    write("src/cli/later.test.ts", "export {};\n");
    expect(which()).toBe("dist");
  });

  it("an installed package (dist/ without sources): dist", () => {
    rmSync(join(root, "src"), { recursive: true });
    rmSync(join(root, "evals"), { recursive: true });
    rmSync(join(root, "dist/.build-stamp"));
    expect(which()).toBe("dist");
  });
});
