import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildPdf, type PageSpec, paragraph } from "../../../test/fixtures/pdf/build-pdf.js";
import { AgrError } from "../../errors.js";
import { ParsedDocumentSchema } from "../parsed-document.js";
import { loadPdf } from "./pdf-loader.js";

const fixture = (name: string) => new URL(`../../../test/fixtures/pdf/${name}`, import.meta.url);
const SAMPLE = new URL("../../../samples/pdf/federal-register-2020-17221-p1-6.pdf", import.meta.url);
const BODY = ["The committee reviewed the annual budget and the auditors checked every line of the report."];

async function load(bytes: Uint8Array, path = "/docs/report.pdf") {
  return ParsedDocumentSchema.parse(await loadPdf({ path, uri: `file://${path}`, bytes }));
}

describe("loadPdf: the demo sample", () => {
  it("yields headings, a table and a cross-reference to a heading", async () => {
    const doc = await load(new Uint8Array(readFileSync(SAMPLE)));
    expect(doc.pages).toHaveLength(6);
    const titles = doc.blocks.filter((b) => b.type === "heading").map((b) => b.text);
    expect(titles).toEqual(
      expect.arrayContaining(["Background", "Flightcrew Training", "Costs of Compliance"]),
    );
    const table = doc.blocks.find((b) => b.type === "table");
    expect(table?.text).toContain("FCC OPS installation and verification | 1 work-hour × $85 per hour = $85");
    expect(doc.blocks.some((b) => b.text.includes("See Flightcrew Training section"))).toBe(true);
    // Running headers ("Federal Register / Vol. 85 ...") and page numbers are gone.
    expect(doc.blocks.some((b) => /Federal Register \/ Vol\. 85/.test(b.text))).toBe(false);
  });
});

describe("loadPdf: unreadable input", () => {
  const failure = async (bytes: Uint8Array, path = "/docs/x.pdf"): Promise<AgrError> => {
    const error = await loadPdf({ path, uri: `file://${path}`, bytes }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgrError);
    return error as AgrError;
  };

  it("reports a corrupt (truncated) PDF", async () => {
    const e = await failure(new Uint8Array(readFileSync(fixture("corrupt-truncated.pdf"))), "/d/bad.pdf");
    expect(e.kind).toBe("user");
    expect(e.message).toMatch(/^bad\.pdf: not a valid PDF: /);
    expect(e.message).not.toContain("\n");
  });

  it("reports a password-protected PDF", async () => {
    const e = await failure(new Uint8Array(readFileSync(fixture("encrypted-password.pdf"))));
    expect(e).toMatchObject({
      kind: "user",
      code: "pdf_encrypted",
      message: "x.pdf: encrypted PDF (password required)",
    });
  });

  it("reports a file that is not a PDF at all, and empty bytes", async () => {
    const e = await failure(new Uint8Array(readFileSync(fixture("not-a-pdf.pdf"))));
    expect(e).toMatchObject({ kind: "user", code: "pdf_corrupt" });
    expect(e.message).toMatch(/not a valid PDF: no %PDF header/);
    expect(await failure(new Uint8Array())).toMatchObject({ kind: "user", message: "x.pdf: empty file" });
  });

  it("reports a PDF without a text layer, and warns about pages without one", async () => {
    const scan: PageSpec = { rects: [[72, 72, 400, 600]] };
    const e = await failure(buildPdf([scan, scan]));
    expect(e).toMatchObject({
      kind: "user",
      code: "pdf_no_text",
      message: "x.pdf: no extractable text (scanned PDF?)",
    });
    const mixed = await load(buildPdf([{ texts: paragraph(BODY, 72, 100) }, scan, scan]));
    expect(mixed.warnings).toEqual(["no text layer on pages 2-3"]);
    expect(mixed.pages).toHaveLength(3);
  });
});
