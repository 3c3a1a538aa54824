import type { Line } from "./types.js";

/** A line set (almost) entirely in a fixed-pitch font: program text, not prose or a heading. */
export function isCodeLine(line: Line): boolean {
  let total = 0;
  let mono = 0;
  for (const run of line.cells.flatMap((c) => c.runs)) {
    const chars = run.text.replace(/\s/g, "").length;
    total += chars;
    if (run.mono) mono += chars;
  }
  return total >= 2 && mono >= total * 0.9;
}

/** Code lines with their indentation rebuilt from x offsets (fixed pitch ≈ 0.6 em per character). */
export function codeText(lines: readonly Line[]): string {
  const left = Math.min(...lines.map((l) => l.x0));
  return lines
    .map((l) => {
      const indent = Math.max(0, Math.round((l.x0 - left) / (0.6 * l.style.size)));
      const text = l.cells
        .map((c, i) => {
          const prev = l.cells[i - 1];
          if (!prev) return c.text;
          const gap = Math.max(1, Math.round((c.x0 - prev.x1) / (0.6 * l.style.size)));
          return " ".repeat(gap) + c.text;
        })
        .join("");
      return " ".repeat(indent) + text;
    })
    .join("\n");
}
