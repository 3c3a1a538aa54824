import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { z } from "zod";
import { describeError, userError } from "../../src/errors.js";

export interface JsonlRow<T> {
  value: T;
  /** 1-based line number, for error messages about the record. */
  line: number;
}

/**
 * Reads and validates a whole JSONL file (dataset files are a few MB at most). Blank lines are
 * skipped; the first invalid record fails the file with `<file>:<line>: <field>: <reason>`.
 */
export async function readJsonlFile<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<Array<JsonlRow<z.output<S>>>> {
  return parseJsonlText((await readDatasetFile(path)).toString("utf8"), schema, basename(path));
}

/** A dataset file's bytes; a missing file is a user error naming the path. */
export async function readDatasetFile(path: string): Promise<Buffer> {
  return readFile(path).catch((cause: unknown) => {
    const missing = cause instanceof Error && "code" in cause && cause.code === "ENOENT";
    throw userError(
      missing ? "dataset_not_found" : "dataset_unreadable",
      missing ? `${path}: no such file` : `${path}: ${describeError(cause)}`,
      cause,
    );
  });
}

/** The validating parser behind readJsonlFile, for text already in memory. */
export function parseJsonlText<S extends z.ZodType>(
  text: string,
  schema: S,
  name: string,
): Array<JsonlRow<z.output<S>>> {
  const rows: Array<JsonlRow<z.output<S>>> = [];
  // A UTF-8 BOM would otherwise break JSON.parse of the first record.
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((raw, i) => {
      if (raw.trim() === "") return;
      const where = `${name}:${i + 1}`;
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch (cause) {
        throw userError("dataset_invalid", `${where}: invalid JSON (${describeError(cause)})`, cause);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join(".") || "record";
        throw userError("dataset_invalid", `${where}: ${field}: ${issue?.message ?? "invalid record"}`);
      }
      rows.push({ value: parsed.data, line: i + 1 });
    });
  if (rows.length === 0) throw userError("dataset_invalid", `${name}: no records`);
  return rows;
}

/** Refuses a repeated id, naming both lines: ids are how gold passages and answers are matched. */
export function assertUniqueIds(rows: ReadonlyArray<JsonlRow<{ id: string }>>, name: string): void {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const first = seen.get(row.value.id);
    if (first !== undefined)
      throw userError(
        "dataset_invalid",
        `${name}:${row.line}: id: duplicate id ${row.value.id} (first on line ${first})`,
      );
    seen.set(row.value.id, row.line);
  }
}
