import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  importSpecifiers,
  layerViolations,
  rankOf,
  rawSqlMarks,
  rawSqlViolations,
  readSources,
  type SourceFile,
} from "./import-layers.js";

const ROOT = join(import.meta.dirname, "..");
const SQL_HOME = "src/store/embedded/";
/** Files outside SQL_HOME allowed to touch SQLite, each with its reason (none today). */
const SQL_ALLOWED: Record<string, string> = {};

describe("the dependency rule over the repository", () => {
  const files = readSources(ROOT);

  it("reads the sources it checks", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((f) => f.path === "src/store/graph-store.ts")).toBe(true);
  });

  it("imports point down only, and nothing outside evals/ imports evals/", () => {
    expect(layerViolations(files)).toEqual([]);
  });

  it("raw SQL (prepare, exec of SQL, better-sqlite3) only under src/store/embedded", () => {
    expect(rawSqlViolations(files, SQL_HOME, SQL_ALLOWED)).toEqual([]);
  });

  it("every folder and file at the top of src/ has a layer", () => {
    const unplaced = readdirSync(join(ROOT, "src"), { withFileTypes: true })
      .map((e) => (e.isDirectory() ? `src/${e.name}/` : `src/${e.name}`))
      .filter((p) => !p.endsWith(".test.ts") && rankOf(p) === null);
    expect(unplaced).toEqual([]);
  });
});

describe("the layer order", () => {
  it("is domain < store < index, ingest < retrieval < tools < agents < service < http, cli < evals", () => {
    const order = [
      ["src/domain/ids.ts"],
      ["src/store/graph-store.ts"],
      ["src/index/graph-analytics.ts", "src/ingest/pipeline.ts"],
      ["src/retrieval/retrieve.ts"],
      ["tools/vector-search.ts"],
      ["agents/graph.ts"],
      ["src/service/engine.ts"],
      ["src/http/app.ts", "src/cli/main.ts"],
      ["evals/runner/run-eval.ts"],
    ];
    const ranks = order.map((level) => level.map((p) => rankOf(p)));
    for (const level of ranks) expect(new Set(level).size).toBe(1);
    const firsts = ranks.map((level) => level[0] ?? -1);
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    expect(new Set(firsts).size).toBe(firsts.length);
  });
});

describe("the checker catches violations (in-memory fixture)", () => {
  const fixture: SourceFile[] = [
    { path: "src/store/a.ts", text: 'import { analyze } from "../index/text/analyzer.js";\n' },
    { path: "src/index/b.ts", text: 'import type { GraphStore } from "../store/graph-store.js";\n' },
    {
      path: "src/http/routes/evals.ts",
      text: 'import {\n  EvalReportSchema,\n} from "../../../evals/report/eval-report.js";\n',
    },
    { path: "agents/x.ts", text: 'const m = await import("../src/http/app.js");\n' },
    { path: "tools/y.ts", text: 'export * from "../agents/graph.js";\nexport { z } from "zod";\n' },
    // Tests may assemble fixtures through higher layers, but never import evals/.
    { path: "src/store/t.test.ts", text: 'import { ingestPaths } from "../ingest/pipeline.js";\n' },
    {
      path: "src/store/u.test.ts",
      text: 'import { loadDataset } from "../../evals/datasets/load-dataset.js";\n',
    },
    { path: "evals/runner/r.ts", text: 'import { runAgr } from "../../src/cli/main.js";\n' },
  ];

  it("lists each upward or evals/ import as `file -> import`", () => {
    expect(layerViolations(fixture)).toEqual([
      "src/store/a.ts -> ../index/text/analyzer.js",
      "src/http/routes/evals.ts -> ../../../evals/report/eval-report.js",
      "agents/x.ts -> ../src/http/app.js",
      "tools/y.ts -> ../agents/graph.js",
      "src/store/u.test.ts -> ../../evals/datasets/load-dataset.js",
    ]);
  });

  it("reads static, type-only, multi-line, dynamic and re-export specifiers", () => {
    const text = [
      'import a from "./a.js";',
      'import type { B } from "./b.js";',
      'import {\n  c,\n  d,\n} from "./c.js";',
      'const e = await import("./e.js");',
      'export * from "./f.js";',
      'import "./g.js";',
    ].join("\n");
    expect(importSpecifiers(text)).toEqual(["./a.js", "./b.js", "./c.js", "./e.js", "./f.js", "./g.js"]);
  });

  it("flags raw SQL outside its home, not regex exec or the home itself", () => {
    const sql = 'import Database from "better-sqlite3";\nconst n = db.prepare("SELECT 1").get();\n';
    const files: SourceFile[] = [
      { path: "src/http/kill-resume.ts", text: sql },
      { path: "src/store/embedded/rows.ts", text: sql },
      { path: "evals/bench/b.ts", text: "db.exec(`\n  CREATE TABLE t (x)`);\n" },
      { path: "agents/text.ts", text: "const m = /a+/.exec(text);\n" },
      { path: "src/ingest/ok.test.ts", text: sql },
    ];
    expect(
      rawSqlViolations(files, SQL_HOME, { "src/ingest/ok.test.ts": "corrupts a file on purpose" }),
    ).toEqual([
      "src/http/kill-resume.ts -> better-sqlite3",
      "src/http/kill-resume.ts -> prepare(",
      "evals/bench/b.ts -> exec(<sql>)",
    ]);
    expect(rawSqlMarks("const m = /a+/.exec(text);")).toEqual([]);
  });
});
