import { createReadStream } from "node:fs";
import { basename, extname } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { describeError, userError } from "../../errors.js";
import type { BlockInput, Loader } from "../parsed-document.js";
import { assertText } from "./text-sniff.js";

/** One record of a benchmark corpus: a titled passage with a stable id. */
export const JsonlRecordSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  text: z.string(),
});
export type JsonlRecord = z.infer<typeof JsonlRecordSchema>;

/** Parses one line; errors name the file and 1-based line number. */
export function parseJsonlLine(line: string, lineNo: number, path: string): JsonlRecord {
  const where = `${basename(path)}:${lineNo}`;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (cause) {
    throw userError("jsonl_invalid", `${where}: invalid JSON (${describeError(cause)})`, cause);
  }
  const parsed = JsonlRecordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "record";
    throw userError("jsonl_invalid", `${where}: ${field}: ${issue?.message ?? "invalid record"}`);
  }
  return { ...parsed.data, title: plainTitle(parsed.data.title) };
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };

/**
 * A title is plain text, but scraped corpora often carry it HTML-escaped ("Salt &amp;
 * Pepper Tapes") while the text is not: the five XML entities and numeric ones are decoded, so the title
 * reads and matches as the text writes it.
 */
export function plainTitle(title: string): string {
  return title.replace(
    /&(?:(amp|quot|apos|lt|gt)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi,
    (whole, name, dec, hex) => {
      if (name) return ENTITIES[String(name).toLowerCase()] ?? whole;
      const code = dec ? Number(dec) : Number.parseInt(String(hex), 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

/**
 * Streams `{id, title, text}` records line by line (blank lines skipped), so a corpus
 * file of any size never sits in memory whole.
 */
export async function* loadJsonlRecords(path: string): AsyncGenerator<JsonlRecord> {
  const stream = createReadStream(path, { encoding: "utf8" });
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNo = 0;
  try {
    for await (const raw of lines) {
      lineNo += 1;
      // A UTF-8 BOM would otherwise break JSON.parse of the first record.
      const line = lineNo === 1 ? raw.replace(/^\uFEFF/, "") : raw;
      if (line.trim() === "") continue;
      yield parseJsonlLine(line, lineNo, path);
    }
  } catch (cause) {
    if (cause instanceof Error && "code" in cause && cause.code === "ENOENT") {
      throw userError("file_not_found", `${basename(path)}: no such file`, cause);
    }
    throw cause;
  } finally {
    lines.close();
    stream.destroy();
  }
}

/** A small JSONL corpus as one document: each record is a level-1 heading (anchor = id) and its paragraph. */
export const loadJsonl: Loader = async (input) => {
  const source = assertText(input.bytes, input.path);
  const blocks: BlockInput[] = [];
  source.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    const record = parseJsonlLine(line, i + 1, input.path);
    blocks.push({ type: "heading", level: 1, text: record.title || record.id, anchor: record.id });
    if (record.text.trim() !== "") blocks.push({ type: "paragraph", text: record.text });
  });
  return { kind: "jsonl", title: basename(input.path, extname(input.path)), blocks, warnings: [] };
};
