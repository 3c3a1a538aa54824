import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestPaths } from "../ingest/pipeline.js";
import { openTempStore, TEST_CONFIG } from "../ingest/test-helpers.js";
import type { GraphStore } from "../store/graph-store.js";
import { buildBundle } from "./build-bundle.js";
import { retrieve } from "./retrieve.js";

const SAMPLES = join(import.meta.dirname, "../../samples");

describe("context bundles over the sample corpus", () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = openTempStore();
    await ingestPaths(store, [join(SAMPLES, "markdown"), join(SAMPLES, "html"), join(SAMPLES, "pdf")], {
      config: TEST_CONFIG,
    });
  }, 60_000);
  afterAll(async () => store.close());

  const questions = [
    "What are the estimated costs of compliance for the airplanes?",
    "How do I create an object with a ConstructorRef?",
    "How to install GFM-RAG with conda?",
  ];

  it.each(questions)("every citation resolves: %s", async (question) => {
    const ranked = await retrieve({ store }, question, { mode: "hybrid", k: 30 });
    const bundle = await buildBundle(store, question, "hybrid", ranked, 2000);
    expect(bundle.evidence.length).toBeGreaterThan(0);
    expect(bundle.token_count).toBeLessThanOrEqual(2000);
    expect(bundle.evidence.map((e) => e.sid)).toEqual(bundle.evidence.map((_, i) => `S${i + 1}`));
    for (const e of bundle.evidence) {
      const section = await store.getNode(e.section_id);
      const doc = await store.getNode(e.doc_id);
      if (e.citation.kind === "pdf") {
        expect(doc?.label === "Document" && doc.kind).toBe("pdf");
        const page = (
          await store.findNodes({ label: "PdfPage", doc_id: e.doc_id, where: { page_no: e.citation.page } })
        )[0];
        expect(page, `page ${e.citation.page} exists`).toBeDefined();
        expect(e.citation.bboxes.length).toBeGreaterThan(0);
        for (const b of e.citation.bboxes) {
          expect(b.page).toBe(e.citation.page);
          expect(b.x0).toBeGreaterThanOrEqual(0);
          expect(b.x1).toBeLessThanOrEqual((page?.width ?? 0) + 1);
          expect(b.y1).toBeLessThanOrEqual((page?.height ?? 0) + 1);
          expect(b.y0).toBeLessThan(b.y1);
        }
      } else {
        const [file, fragment] = e.citation.url.split("#");
        expect(existsSync(fileURLToPath(file ?? ""))).toBe(true);
        if (fragment) {
          const anchors = section?.label === "Section" ? [section.anchor, ...section.sub_anchors] : [];
          expect(anchors).toContain(decodeURIComponent(fragment));
        }
      }
    }
  });
});
