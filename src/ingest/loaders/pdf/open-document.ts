import { getDocument, type PDFDocumentProxy, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { type AgrError, describeError, userError } from "../../../errors.js";

const PDF_MAGIC = "%PDF-";

/** Names pdf.js gives its exceptions (the classes are not all exported). */
const errorName = (cause: unknown): string =>
  typeof cause === "object" && cause !== null && "name" in cause && typeof cause.name === "string"
    ? cause.name
    : "";

/** A one-line user error for a PDF pdf.js cannot open. */
export function openError(name: string, cause: unknown): AgrError {
  if (errorName(cause) === "PasswordException") {
    return userError("pdf_encrypted", `${name}: encrypted PDF (password required)`, cause);
  }
  return userError("pdf_corrupt", `${name}: not a valid PDF: ${describeError(cause)}`, cause);
}

/** Checks the bytes look like a PDF at all, for a clearer reason than the parser's. */
export function assertPdfBytes(bytes: Uint8Array, name: string): void {
  if (bytes.length === 0) throw userError("empty_file", `${name}: empty file`);
  // The header may follow some junk bytes; readers accept it within the first kilobyte.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (!head.includes(PDF_MAGIC)) {
    throw userError("pdf_corrupt", `${name}: not a valid PDF: no %PDF header (another format?)`);
  }
}

/** Opens a PDF with pdf.js in-process (no worker thread in Node), mapping failures to user errors. */
export async function openPdf(bytes: Uint8Array, name: string): Promise<PDFDocumentProxy> {
  assertPdfBytes(bytes, name);
  // pdf.js may take ownership of the buffer it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    return await task.promise;
  } catch (cause) {
    await task.destroy().catch(() => undefined);
    throw openError(name, cause);
  }
}

/** The Info dictionary's Title when it names the document (not a file name, an id or "untitled"). */
export async function metadataTitle(doc: PDFDocumentProxy): Promise<string | undefined> {
  let raw: unknown;
  try {
    const meta = await doc.getMetadata();
    const info: unknown = meta.info;
    raw = typeof info === "object" && info !== null && "Title" in info ? info.Title : undefined;
  } catch {
    return undefined;
  }
  if (typeof raw !== "string") return undefined;
  const title = raw
    .replace(/^Microsoft (?:Word|PowerPoint|Excel) - /i, "")
    .replace(/\s+/g, " ")
    .trim();
  const letters = title.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 3 || letters < title.length * 0.5) return undefined;
  if (/\.(?:pdf|docx?|pptx?|xlsx?|indd|tex|dvi|qxd|rtf)$/i.test(title)) return undefined;
  if (/^(?:untitled|document\d*|title|slide \d+|no title)$/i.test(title)) return undefined;
  return title;
}
