import { createHash } from "node:crypto";

/** sha256 hex of a string or bytes. */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * Stable id from its parts: the same source, path and content give the same id on every run,
 * so re-ingesting never creates duplicates. The prefix says what kind of node it is.
 */
export function stableId(prefix: string, ...parts: Array<string | number>): string {
  return `${prefix}:${sha256(parts.join("\u0000")).slice(0, 20)}`;
}
