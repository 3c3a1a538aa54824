import { readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { glob, isDynamicPattern } from "tinyglobby";
import { describeError } from "../errors.js";

export interface Discovered {
  files: string[];
  failures: Array<{ path: string; error: string }>;
}

const SKIP_DIRS = new Set(["node_modules", ".git", ".agr", ".langgraph_api"]);

/** Expands paths, folders (recursively) and globs into a sorted, de-duplicated file list. */
export async function discoverFiles(inputs: readonly string[]): Promise<Discovered> {
  const files = new Set<string>();
  const failures: Discovered["failures"] = [];
  for (const input of inputs) {
    if (isDynamicPattern(input)) {
      const matches = await glob(input, { absolute: true, onlyFiles: true, dot: false });
      if (matches.length === 0) failures.push({ path: input, error: "no file matches this pattern" });
      for (const m of matches) files.add(resolve(m));
      continue;
    }
    try {
      const info = await stat(input);
      if (info.isDirectory()) for (const f of await walk(resolve(input))) files.add(f);
      else files.add(resolve(input));
    } catch (error) {
      failures.push({ path: input, error: fsReason(error) });
    }
  }
  return { files: [...files].sort(), failures };
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
