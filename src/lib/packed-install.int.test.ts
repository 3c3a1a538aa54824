import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../domain/package-root.js";

// Acceptance 1 of issue 18: the packed tarball, installed into a new project outside the repo,
// answers offline through the library API and through the LangChain retriever, with types.
const ROOT = packageRoot();
const MODELS = join(ROOT, ".cache", "models");
const GUIDE = `# Pump guide

## Cleaning

Clean the solar panels every week with a soft brush. The site lead signs the cleaning log.

## Filters

Replace the intake filter every month. A clogged filter lowers the pump's output.
`;

const CONSUMER_SCRIPT = `import { AskResultSchema, openGraphRag } from "agentic-graph-rag";
import { GraphRagRetriever } from "agentic-graph-rag/langchain";
const rag = await openGraphRag({ store: "kb/graph.db", modelDir: process.argv[2], env: false });
const ingest = await rag.ingest("docs");
const answer = AskResultSchema.parse(await rag.ask("What lowers the pump's output?"));
const documents = await new GraphRagRetriever({ rag, k: 5 }).invoke("Who signs the cleaning log?");
await rag.close();
console.log(JSON.stringify({ warnings: rag.warnings, embedder: rag.config.embedder, ingest, answer,
  documents: documents.map((d) => ({ id: d.id, text: d.pageContent, metadata: d.metadata })) }));
`;

// Type-checked, never run: the exports' .d.ts must give real types (an error is expected below).
const CONSUMER_TYPES = `import { type AskResult, type ContextBundle, openGraphRag } from "agentic-graph-rag";
import { type EvidenceMetadata, GraphRagRetriever, graphRagTools } from "agentic-graph-rag/langchain";
export async function use(): Promise<[AskResult, ContextBundle, EvidenceMetadata | undefined, number]> {
  const rag = await openGraphRag({ store: { neo4j: { uri: "bolt://127.0.0.1:7687" } } });
  const bundle = await rag.retrieve("q", { mode: "bm25", filter: { kind: "pdf", pages: { from: 2 } } });
  // @ts-expect-error an unknown retrieval mode does not type-check
  await rag.retrieve("q", { mode: "magic" });
  const docs = await new GraphRagRetriever({ rag, k: 3 }).invoke("q");
  return [await rag.ask("q"), bundle, docs[0]?.metadata, graphRagTools(rag).length];
}
`;

/** A child process with npm's own variables removed (a test run under `npm test` inherits them). */
function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, env: { ...clean, ...env }, encoding: "utf8", maxBuffer: 64 << 20 });
  const seconds = (Date.now() - started) / 1000;
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
  return { stdout: r.stdout, seconds };
}

describe("npm pack → install in a fresh project outside the repo → offline answers", {
  timeout: 300_000,
}, () => {
  const work = mkdtempSync(join(tmpdir(), "agr-packed-"));
  const project = join(work, "consumer");
  const seconds: Record<string, number> = {};
  beforeAll(() => {
    // prepack builds dist/ (incremental) first.
    const packed = run("npm", ["pack", "--pack-destination", work, "--silent"], ROOT);
    seconds.pack = packed.seconds;
    const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm pack wrote no tarball in ${work}`);
    // better-sqlite3's prebuilt binaries live on GitHub, unreachable here: its installer takes a
    // local prebuild instead (its documented *_local_prebuilds setting), packed the way its
    // releases are from the binary the repo's own install compiled for this Node and platform.
    const sqlite = JSON.parse(readFileSync(join(ROOT, "node_modules/better-sqlite3/package.json"), "utf8"));
    const prebuilds = join(work, "prebuilds");
    mkdirSync(prebuilds);
    const name = `better-sqlite3-v${sqlite.version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
    run(
      "tar",
      [
        "-czf",
        join(prebuilds, name),
        "-C",
        join(ROOT, "node_modules/better-sqlite3"),
        "build/Release/better_sqlite3.node",
      ],
      work,
    );
    mkdirSync(join(project, "docs"), { recursive: true });
    writeFileSync(join(project, "docs", "guide.md"), GUIDE);
    writeFileSync(join(project, "check.mjs"), CONSUMER_SCRIPT);
    writeFileSync(join(project, "types.ts"), CONSUMER_TYPES);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({
        name: "consumer",
        private: true,
        type: "module",
        dependencies: { "agentic-graph-rag": `file:${join(work, tarball)}` },
      }),
    );
    const installed = run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], project, {
      npm_config_better_sqlite3_local_prebuilds: prebuilds,
      // The documented offline settings: no CUDA download, and models from the repo's cache (below).
      ONNXRUNTIME_NODE_INSTALL: "skip",
      AGR_SKIP_MODEL_FETCH: "1",
    });
    seconds.install = installed.seconds;
  }, 300_000);
  // The installed tree holds onnxruntime and the models' packages: removing it took over vitest's
  // 10 s hook default on a loaded CI machine.
  afterAll(async () => {
    console.log(`packed-install seconds: ${JSON.stringify(seconds)}`);
    await rm(work, { recursive: true, force: true });
  }, 120_000);

  it("ships the built library, the CLI and the UI, not the sources or tests", () => {
    const pkg = join(project, "node_modules", "agentic-graph-rag");
    const files = readdirSync(pkg, { recursive: true, encoding: "utf8" });
    expect(files).toContain(join("dist", "src", "lib", "index.d.ts"));
    expect(files).toContain(join("web", "dist", "index.html"));
    expect(files.some((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toBe(false);
    expect(files.some((f) => f.includes(".test."))).toBe(false);
    const sqlite = readdirSync(join(project, "node_modules/better-sqlite3/build/Release"));
    expect(sqlite).toEqual(["better_sqlite3.node"]);
  });

  it("imports the package and answers offline through ask and the LangChain retriever", () => {
    const out = run("node", ["check.mjs", MODELS], project);
    seconds.answer = out.seconds;
    const r = JSON.parse(out.stdout);
    expect(r).toMatchObject({ warnings: [], embedder: "local", ingest: { ingested: 1, failed: [] } });
    const uri = `file://${join(project, "docs", "guide.md")}`;
    expect(r.answer).toMatchObject({
      not_found: false,
      answer: expect.stringMatching(/^A clogged filter lowers the pump's output\. \[S\d\]$/),
      citations: [{ uri, url: `${uri}#filters`, heading_path: ["Pump guide", "Filters"] }],
    });
    // The installed CLI runs the shipped dist/ (no sources to compile) on the same store.
    const stats = JSON.parse(
      run(join("node_modules", ".bin", "agr"), ["stats", "--store", "kb/graph.db", "--json"], project).stdout,
    );
    expect(stats.totals).toMatchObject({ documents: 1, chunks: r.ingest.chunks_written });
    const cleaning = r.documents[0];
    expect(cleaning.text).toContain("The site lead signs the cleaning log.");
    expect(cleaning.metadata).toMatchObject({
      source: `${uri}#cleaning`,
      uri,
      heading_path: ["Pump guide", "Cleaning"],
      chunk_id: cleaning.id,
      mode: "ppr",
      score: expect.any(Number),
    });
  });

  it("its exports carry types: a consumer's TypeScript resolves them and rejects a bad call", () => {
    const config = {
      compilerOptions: { module: "NodeNext", strict: true, noEmit: true, skipLibCheck: true, types: [] },
    };
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ ...config, files: ["types.ts"] }));
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const out = run("node", [tsc, "-p", "tsconfig.json"], project);
    seconds.typecheck = out.seconds;
    // Without the @ts-expect-error line's error the compiler would fail the run above.
    writeFileSync(join(project, "types.ts"), CONSUMER_TYPES.replace("// @ts-expect-error", "//"));
    expect(() => run("node", [tsc, "-p", "tsconfig.json"], project)).toThrow(/magic/);
  });
});
