import { extname } from "node:path";
import { userError } from "../errors.js";
import type { Loader } from "./parsed-document.js";

/** Loaders are imported on first use: a Markdown-only run never loads pdfjs or mammoth. */
const BY_EXTENSION: Record<string, () => Promise<Loader>> = {
  ".md": async () => (await import("./loaders/markdown-loader.js")).loadMarkdown,
  ".mdx": async () => (await import("./loaders/markdown-loader.js")).loadMarkdown,
  ".markdown": async () => (await import("./loaders/markdown-loader.js")).loadMarkdown,
  ".html": async () => (await import("./loaders/html-loader.js")).loadHtml,
  ".htm": async () => (await import("./loaders/html-loader.js")).loadHtml,
  ".pdf": async () => (await import("./loaders/pdf-loader.js")).loadPdf,
  ".docx": async () => (await import("./loaders/docx-loader.js")).loadDocx,
  ".txt": async () => (await import("./loaders/text-loader.js")).loadText,
  ".text": async () => (await import("./loaders/text-loader.js")).loadText,
  ".jsonl": async () => (await import("./loaders/jsonl-loader.js")).loadJsonl,
};

export const SUPPORTED_EXTENSIONS = Object.keys(BY_EXTENSION);

export async function loaderFor(path: string): Promise<Loader> {
  const ext = extname(path).toLowerCase();
  const load = BY_EXTENSION[ext];
  if (!load) {
    throw userError(
      "unsupported_type",
      `unsupported file type ${ext || "(no extension)"}; supported: ${SUPPORTED_EXTENSIONS.join(" ")}`,
    );
  }
  return load();
}
