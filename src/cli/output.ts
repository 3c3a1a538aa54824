import { AgrError, describeError } from "../errors.js";

export interface OutputOptions {
  json?: boolean;
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Errors are one line on stderr and a non-zero exit code; never a stack trace. */
export function fail(error: unknown): never {
  process.stderr.write(`agr: ${describeError(error)}\n`);
  process.exit(error instanceof AgrError && error.kind === "user" ? 2 : 1);
}

export function warn(line: string): void {
  process.stderr.write(`agr: ${line}\n`);
}

/** Fixed-width text table for human output. */
export function formatTable(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  return cells
    .map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  "))
    .join("\n");
}
