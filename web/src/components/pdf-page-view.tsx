import { useEffect, useRef, useState } from "preact/hooks";
import type { Citation } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import { loadPdf } from "../pdf/load-pdf";
import { ErrorLine } from "./error-line";

/** Largest zoom; a narrower pane shrinks the page to its width. */
const MAX_SCALE = 1.5;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Renders the cited page with pdf.js and draws each bbox of that page over it. Bboxes are PDF
 * points with the origin at the page's top-left (see src/domain/bbox.ts), so they only scale.
 */
export function PdfPageView({ docId, citation }: { docId: string; citation: Citation }) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [title, setTitle] = useState("");
  const page = citation.page ?? 1;

  useEffect(() => {
    let live = true;
    setBoxes([]);
    setError(undefined);
    (async () => {
      const pdf = await loadPdf(docId);
      const p = await pdf.getPage(page);
      const el = canvas.current;
      if (!live || !el) return;
      const room = (el.parentElement?.parentElement?.clientWidth ?? 800) - 4;
      const scale = Math.min(MAX_SCALE, room / p.getViewport({ scale: 1 }).width);
      const viewport = p.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      el.width = Math.floor(viewport.width * ratio);
      el.height = Math.floor(viewport.height * ratio);
      el.style.width = `${viewport.width}px`;
      el.style.height = `${viewport.height}px`;
      await p.render({
        canvas: el,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      }).promise;
      if (!live) return;
      const [x0, y0] = p.view;
      setTitle(citation.uri.split("/").pop() ?? "");
      setBoxes(
        (citation.bbox ?? [])
          .filter((b) => b.page === page)
          .map((b) => ({
            left: (b.x0 - (x0 ?? 0)) * scale,
            top: (b.y0 - (y0 ?? 0)) * scale,
            width: (b.x1 - b.x0) * scale,
            height: (b.y1 - b.y0) * scale,
          })),
      );
    })().catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [docId, page, citation]);

  useEffect(() => {
    document.querySelector(".pdf-highlight")?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [boxes]);

  if (error) return <ErrorLine message={t("source.unavailable", { message: error })} />;
  return (
    <div>
      <p class="muted">{t("source.pdfPage", { title, page })}</p>
      <div class="pdf-page" data-testid="pdf-page" data-page={page}>
        <canvas ref={canvas} data-testid="pdf-canvas" />
        {boxes.map((b, i) => (
          <div
            key={i}
            class="pdf-highlight"
            data-testid="pdf-highlight"
            style={{ left: `${b.left}px`, top: `${b.top}px`, width: `${b.width}px`, height: `${b.height}px` }}
          />
        ))}
      </div>
    </div>
  );
}
