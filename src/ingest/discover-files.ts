import { readdir, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { glob, isDynamicPattern } from "tinyglobby";
import { describeError } from "../errors.js";

export interface Discovered {
  files: string[];
  failures: Array<{ path: string; error: string }>;
  /**
   * Each file's path relative to the folder it was found under (a file named directly: its
   * name; a glob: its fixed leading folders), with "/" separators. Document ids hash this key,
   * so the same folder of documents gets the same ids wherever it is stored.
   */
  keys: Map<string, string>;
}

const SKIP_DIRS = new Set(["node_modules", ".git", ".agr", ".langgraph_api"]);

/** Expands paths, folders (recursively) and globs into a sorted, de-duplicated file list. */
export async function discoverFiles(inputs: readonly string[]): Promise<Discovered> {
  const keys = new Map<string, string>();
  const failures: Discovered["failures"] = [];
  // The first input that reaches a file names its key.
  const add = (file: string, root: string) => {
    if (!keys.has(file)) keys.set(file, relative(root, file).split(sep).join("/"));
  };
  for (const input of inputs) {
    if (isDynamicPattern(input)) {
      const matches = await glob(input, { absolute: true, onlyFiles: true, dot: false });
      if (matches.length === 0) failures.push({ path: input, error: "no file matches this pattern" });
      for (const m of matches) add(resolve(m), resolve(globBase(input)));
      continue;
    }
    try {
      const info = await stat(input);
      const full = resolve(input);
      if (info.isDirectory()) for (const f of await walk(full)) add(f, full);
      else add(full, dirname(full));
    } catch (error) {
      failures.push({ path: input, error: fsReason(error) });
    }
  }
  return { files: [...keys.keys()].sort(), failures, keys };
}

/** The folders of a glob before its first pattern segment ("docs/*.md" → "docs"). */
function globBase(pattern: string): string {
  const parts = pattern.split("/");
  const first = parts.findIndex((p) => isDynamicPattern(p));
  if (first < 0) return dirname(pattern);
  return first === 0 ? "." : parts.slice(0, first).join("/") || "/";
}
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith(".") || SKIP_DIRS.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** One-line reason for a filesystem error. */
export function fsReason(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") return "no such file or directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied (unreadable)";
  if (code === "EISDIR") return "is a directory";
  return describeError(error);
}
