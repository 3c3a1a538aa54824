import { basename, extname } from "node:path";
import { load } from "cheerio";
import mammoth from "mammoth";
import { describeError, userError } from "../../errors.js";
import type { Loader } from "../parsed-document.js";
import { htmlToBlocks } from "./html-to-blocks.js";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** DOCX via mammoth's semantic HTML (Word heading styles become h1..h6), then the HTML walker. */
export const loadDocx: Loader = async (input) => {
  const name = basename(input.path);
  if (input.bytes.length === 0) throw userError("empty_file", `${name}: empty file`);
  // A DOCX is a ZIP archive; checking first gives a clearer reason than the unzip error.
  if (!ZIP_MAGIC.every((byte, i) => input.bytes[i] === byte)) {
    throw userError("docx_corrupt", `${name}: not a DOCX file (no ZIP signature; corrupt or another format)`);
  }
  let result: Awaited<ReturnType<typeof mammoth.convertToHtml>>;
  try {
    result = await mammoth.convertToHtml({ buffer: Buffer.from(input.bytes) });
  } catch (cause) {
    throw userError("docx_corrupt", `${name}: unreadable DOCX (${describeError(cause)})`, cause);
  }
  const $ = load(result.value);
  const blocks = htmlToBlocks($, $("body").toArray());
  const title = blocks.find((b) => b.type === "heading")?.text ?? basename(input.path, extname(input.path));
  // Mammoth repeats a warning per occurrence (e.g. each unknown style use): keep each once.
  const warnings = [...new Set(result.messages.map((m) => `docx: ${m.message}`))].slice(0, 20);
  if (blocks.length === 0) warnings.push("no text content found in the document");
  return { kind: "docx", title, blocks, warnings };
};
