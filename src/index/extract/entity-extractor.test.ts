import { describe, expect, it } from "vitest";
import { canonicalName } from "./canonical.js";
import { extractEntities } from "./entity-extractor.js";

describe("extractEntities", () => {
  it("finds multi-word names with connectors and dates", () => {
    const names = extractEntities(
      "Changed It is a song by rapper Nicki Minaj and Lil Wayne. Ermengarde of Tours (d. 20 March 851) was the daughter of Hugh of Tours.",
    ).map((e) => `${e.type}:${e.canonical}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "NAME:nicki minaj",
        "NAME:lil wayne",
        "NAME:ermengarde of tours",
        "NAME:hugh of tours",
        "DATE:20 march",
      ]),
    );
  });
  it("skips reference labels and bare numbers", () => {
    const names = extractEntities("See Note 7 and Table 2 on page 12.").map((e) => e.canonical);
    expect(names).not.toContain("note");
    expect(names).not.toContain("7");
  });
});

describe("canonicalName", () => {
  it("folds case, accents, punctuation and a leading article", () => {
    expect(canonicalName("The Heart of Doreon")).toBe("heart of doreon");
    expect(canonicalName("God'S Gift To Women")).toBe("god gift to women");
    expect(canonicalName("Lisbeth Palme's")).toBe("lisbeth palme");
    expect(canonicalName("Aldri annet enn bråk")).toBe("aldri annet enn brak");
  });
});

describe("extractEntities on Russian text", () => {
  it("finds capitalised names and acronyms, not sentence-initial words", () => {
    const names = extractEntities(
      "Компания Яндекс открыла офис в Санкт-Петербурге. Отчёт подготовил ООО Ромашка вместе с Иваном Петровым.",
    ).map((e) => e.canonical);
    expect(names).toEqual(
      expect.arrayContaining(["яндекс", "санкт петербурге", "ооо ромашка", "иваном петровым"]),
    );
    expect(names).not.toContain("компания");
    expect(names).not.toContain("отчет");
  });
});
