import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";

// The dependency rule: a file may import its own layer or any layer below it, never above.
// Ranks rise with the layer; folders of one rank may import each other (index and ingest do).
// src/config.ts and src/errors.ts sit with the domain: every layer reads settings and throws AgrError.
export const LAYERS: readonly { readonly prefix: string; readonly rank: number }[] = [
  { prefix: "src/domain/", rank: 0 },
  { prefix: "src/errors.ts", rank: 0 },
  { prefix: "src/config.ts", rank: 0 },
  { prefix: "src/store/", rank: 1 },
  // Model clients and the LLM extraction graph: used by index (extraction) and by agents.
  { prefix: "src/llm/", rank: 2 },
  { prefix: "src/index/", rank: 2 },
  { prefix: "src/ingest/", rank: 2 },
  { prefix: "src/retrieval/", rank: 3 },
  { prefix: "tools/", rank: 4 },
  { prefix: "agents/", rank: 5 },
  { prefix: "src/service/", rank: 6 },
  { prefix: "src/http/", rank: 7 },
  { prefix: "src/cli/", rank: 7 },
  // The library entry (package exports) is an adapter like the CLI and the HTTP API.
  { prefix: "src/lib/", rank: 7 },
  // The MCP server: an adapter like HTTP and the CLI (both mount it).
  { prefix: "src/mcp/", rank: 7 },
  { prefix: "evals/", rank: 8 },
];

/** Folders whose files are checked; evals/ sits on top and may import anything below it. */
export const CHECKED_ROOTS = ["src", "tools", "agents", "evals"] as const;

export interface SourceFile {
  /** Repo-relative path with forward slashes. */
  readonly path: string;
  readonly text: string;
}

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"'`;]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The module specifiers a file imports, re-exports or loads dynamically. */
export function importSpecifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2];
    if (spec) out.push(spec);
  }
  return out;
}

/** Repo-relative target of a relative specifier (".js" stands for the ".ts" source). */
export function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const joined = posix.normalize(posix.join(posix.dirname(from), spec));
  return joined.replace(/\.js$/, ".ts");
}

export function rankOf(path: string): number | null {
  const layer = LAYERS.find((l) => path === l.prefix || path.startsWith(l.prefix));
  return layer ? layer.rank : null;
}

/** Tests may build their fixture through higher layers (ingest a document to test a store). */
export const isTestFile = (path: string): boolean => /\.test\.tsx?$/.test(path);

/**
 * Every import that breaks the rule, as "file -> import": a non-test file importing a higher
 * layer, or anything outside evals/ (tests included) importing evals/.
 */
export function layerViolations(files: readonly SourceFile[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const own = rankOf(file.path);
    if (own === null) continue;
    for (const spec of importSpecifiers(file.text)) {
      const target = resolveSpecifier(file.path, spec);
      if (target === null) continue;
      const rank = rankOf(target);
      const intoEvals = target.startsWith("evals/") && !file.path.startsWith("evals/");
      const upward = rank !== null && rank > own && !isTestFile(file.path);
      if (intoEvals || upward) out.push(`${file.path} -> ${spec}`);
    }
  }
  return out;
}

const SQL_EXEC_RE =
  /\.exec\(\s*[`"']\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|BEGIN|COMMIT|WITH|REPLACE)\b/i;
const PREPARE_RE = /\.prepare\(/;
const SQLITE_IMPORT_RE = /["']better-sqlite3["']/;

/** The raw-SQL marks in a file: prepared statements, SQL strings run with exec, the driver import. */
export function rawSqlMarks(text: string): string[] {
  const marks: string[] = [];
  if (SQLITE_IMPORT_RE.test(text)) marks.push("better-sqlite3");
  if (PREPARE_RE.test(text)) marks.push("prepare(");
  if (SQL_EXEC_RE.test(text)) marks.push("exec(<sql>)");
  return marks;
}

/**
 * Files outside the SQL home that touch SQLite directly, as "file -> mark".
 * `allowed` maps a path to the reason it may (a test that must corrupt the file on purpose).
 */
export function rawSqlViolations(
  files: readonly SourceFile[],
  home: string,
  allowed: Readonly<Record<string, string>> = {},
): string[] {
  const out: string[] = [];
  for (const file of files) {
    if (file.path.startsWith(home) || allowed[file.path] !== undefined) continue;
    for (const mark of rawSqlMarks(file.text)) out.push(`${file.path} -> ${mark}`);
  }
  return out;
}

/** The TypeScript sources under the checked roots, read from disk. */
export function readSources(repoRoot: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "fixtures") walk(full);
      } else if (/\.(?:ts|tsx|mts)$/.test(entry.name)) {
        const path = relative(repoRoot, full).split("\\").join("/");
        out.push({ path, text: readFileSync(full, "utf8") });
      }
    }
  };
  for (const root of CHECKED_ROOTS) walk(join(repoRoot, root));
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
