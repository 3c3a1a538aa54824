import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { apiFetch } from "../api/client";

GlobalWorkerOptions.workerSrc = workerUrl;

const cache = new Map<string, Promise<PDFDocumentProxy>>();

/**
 * A stored document's PDF, fetched once per page view session from /v1/documents/:id/source
 * (with the API key), parsed by pdf.js in its worker. Fonts and CMaps come from our own origin.
 */
export function loadPdf(docId: string): Promise<PDFDocumentProxy> {
  let hit = cache.get(docId);
  if (!hit) {
    hit = apiFetch(`/v1/documents/${encodeURIComponent(docId)}/source`)
      .then((res) => res.arrayBuffer())
      .then(
        (data) =>
          getDocument({
            data: new Uint8Array(data),
            standardFontDataUrl: "/pdfjs/standard_fonts/",
            cMapUrl: "/pdfjs/cmaps/",
            cMapPacked: true,
          }).promise,
      );
    hit.catch(() => cache.delete(docId));
    cache.set(docId, hit);
  }
  return hit;
}
