import { basename } from "node:path";
import { userError } from "../../errors.js";

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * Decodes a text file as UTF-8 (dropping a BOM) or throws a user error: an empty or
 * whitespace-only file, or binary data behind a text extension (NUL bytes, invalid UTF-8).
 */
export function assertText(bytes: Uint8Array, path: string): string {
  const name = basename(path);
  if (bytes.length === 0) throw userError("empty_file", `${name}: empty file`);
  // A NUL byte never occurs in real UTF-8 text but in almost every binary format.
  if (bytes.subarray(0, 64 * 1024).includes(0)) {
    throw userError("binary_content", `${name}: binary content (NUL bytes / invalid UTF-8)`);
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch (cause) {
    throw userError("binary_content", `${name}: binary content (NUL bytes / invalid UTF-8)`, cause);
  }
  if (text.trim() === "") throw userError("empty_file", `${name}: empty file (whitespace only)`);
  return text;
}
