import { describe, expect, it } from "vitest";
import { captionKey, captionLabel, titleKeys } from "./ref-keys.js";
import { findReferences } from "./references.js";

describe("findReferences", () => {
  it("finds the design's reference forms with their reason", () => {
    const text =
      "For more information, see Note 7 – Investments. Revenue is defined in Section 3.2. " +
      "Results are shown in Table 2-1 and Figure 3. See Appendix B and page 12. Part II, Item 7A describes risk.";
    const refs = findReferences(text);
    expect(refs.map((r) => r.key)).toEqual([
      "note:7",
      "section:3.2",
      "table:2-1",
      "figure:3",
      "appendix:B",
      "page:12",
      "part:II",
      "item:7A",
    ]);
    expect(refs[0]?.reason).toBe("DETAILED_IN");
    expect(refs[1]?.reason).toBe("DEFINED_IN");
    expect(refs[2]?.reason).toBe("REFERENCED_IN");
    expect(refs[0]?.locator).toBe("Note 7");
  });

  it("ignores lower-case common nouns that are not references", () => {
    expect(findReferences("each item 3 in the table 4 rows; a note 5 times")).toEqual([]);
  });

  it("finds named-section references", () => {
    const refs = findReferences(
      "(See Flightcrew Training section in this preamble.) Refer to the Risk Factors section.",
    );
    expect(refs.map((r) => [r.key, r.reason])).toEqual([
      ["title:flightcrew training", "DETAILED_IN"],
      ["title:risk factors", "DETAILED_IN"],
    ]);
  });

  it("normalises dashes in numbered labels", () => {
    expect(findReferences("see Table 2–1")[0]?.key).toBe("table:2-1");
  });
});

describe("reference keys", () => {
  it("derives keys from section titles", () => {
    expect(titleKeys("Note 7 – Investments")).toEqual(["note:7"]);
    expect(titleKeys("Item 1A. Risk Factors")).toEqual(["item:1A"]);
    expect(titleKeys("3.2 Trace trees")).toEqual(["section:3.2"]);
    expect(titleKeys("Appendix B: Glossary")).toEqual(["appendix:B"]);
    expect(titleKeys("PART II")).toEqual(["part:II"]);
    expect(titleKeys("Overview")).toEqual([]);
  });
  it("labels numbered captions", () => {
    expect(captionKey("Table 2-1. Supported functions", "table")).toBe("table:2-1");
    expect(captionLabel(captionKey("Figure 3-1 Row access control", "figure"))).toBe("Figure 3-1");
    expect(captionKey("Revenue by segment", "table")).toBeUndefined();
  });
});

describe("reference targets", () => {
  it("resolves run-in numbered headings below real headings", async () => {
    const { buildReferenceTargets, resolveMention } = await import("./reference-targets.js");
    const section = (id: string, title: string, sub_titles: string[] = []) => ({
      label: "Section" as const,
      id,
      doc_id: "d",
      section_id: id,
      title,
      level: 1 as const,
      heading_path: [title],
      breadcrumbs: title,
      synthetic: false,
      sub_anchors: [],
      sub_titles,
      seq: 0,
    });
    const targets = buildReferenceTargets(
      [section("s1", "3. Results"), section("s2", "Credit Agreement", ["4.1 Scope", "Flightcrew Training"])],
      [],
      [],
      [
        { section_id: "s2", text: "SECTION 2.20. Incremental Commitments. The Borrower may..." },
        { section_id: "s2", text: "Section 3. A run-in duplicate never outranks a heading." },
      ],
    );
    const ref = (text: string) => findReferences(text).map((m) => resolveMention(m, targets));
    expect(ref("as set out in Section 2.20")).toEqual(["s2"]);
    expect(ref("see Section 3")).toEqual(["s1"]);
    expect(ref("see Section 4.1")).toEqual(["s2"]);
    expect(ref("see Section 9")).toEqual([null]);
    expect(ref("See Flightcrew Training section")).toEqual(["s2"]);
  });
});

describe("Russian cross-references", () => {
  it("finds Russian reference forms in any grammatical case", () => {
    const refs = findReferences(
      "Подробнее см. раздел 2.1. Значения приведены в таблице 3, схема — на рис. 4. Формат описан в Приложении Б, см. также стр. 12.",
    );
    expect(refs.map((r) => r.key)).toEqual(["section:2.1", "table:3", "figure:4", "appendix:Б", "page:12"]);
    expect(refs[0]?.reason).toBe("DETAILED_IN");
    expect(refs[1]?.reason).toBe("DETAILED_IN");
  });
  it("keys Russian captions and headings", () => {
    expect(captionKey("Таблица 3. Параметры", "table")).toBe("table:3");
    expect(captionKey("Рисунок 4 — Схема", "figure")).toBe("figure:4");
    expect(titleKeys("Приложение Б. Формат файла")).toEqual(["appendix:Б"]);
    expect(titleKeys("2.1 Установка")).toEqual(["section:2.1"]);
  });
});
