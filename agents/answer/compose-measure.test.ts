import { describe, expect, it } from "vitest";
import { composeMeasure, countOf, lengthOf, parseMeasure } from "./compose-measure.js";
import { titledEvidence as titled } from "./test-evidence.js";

describe("parseMeasure", () => {
  it("reads a count or a length compared between two options", () => {
    expect(parseMeasure("Which orchestra has more violinists, Alder Hall or Birch Court?")).toEqual({
      options: ["Alder Hall", "Birch Court"],
      want: "max",
      counted: "violinists",
    });
    expect(parseMeasure("Which league has fewer member clubs, North Cup or South Shield?")).toMatchObject({
      want: "min",
      counted: "clubs",
    });
    // The head noun is the last word of the run, not a modifier that ends in "s".
    expect(parseMeasure("Which group has more news outlets, Alder or Birch?")?.counted).toBe("outlets");
    expect(parseMeasure("Which tower is taller, Grey Spire or Red Mast?")).toMatchObject({
      want: "max",
      counted: null,
    });
    expect(parseMeasure("Which lake is shallower, Lake Oin or Lake Tam?")?.want).toBe("min");
  });

  it("leaves other questions to other readers", () => {
    expect(parseMeasure("Which film came out first, Alpha Road or Beta Lane?")).toBeNull();
    expect(parseMeasure("Which war lasted longer, the Oak War or the Elm War?")).toBeNull();
    expect(parseMeasure("Which city has a higher population, Alder or Birch?")).toBeNull();
    expect(parseMeasure("Which song charted higher, Alder or Birch?")).toBeNull();
    expect(parseMeasure("Who is the more acclaimed painter, Ann Lee or Bo Chen?")).toBeNull();
    expect(parseMeasure("How many violinists does Alder Hall have?")).toBeNull();
  });
});

describe("countOf", () => {
  it("reads a count in digits or words, with its scale, hyphenated or with a modifier between", () => {
    expect(countOf("Alder is a genus of about 1,200 accepted species of shrubs.", "species")?.value).toBe(
      1200,
    );
    expect(countOf("Alder is a genus of nearly 1000 species.", "species")?.value).toBe(1000);
    expect(countOf("The union has 1.5 million members.", "members")?.value).toBe(1_500_000);
    expect(countOf("Tamsin is an opera in three acts by a French composer.", "acts")?.value).toBe(3);
    expect(countOf("Tamsin is a two-act opera.", "acts")?.value).toBe(2);
    expect(countOf("Tamsin is an opera in one act.", "acts")?.value).toBe(1);
  });

  it("does not count a year, or the singular after another number", () => {
    expect(countOf("In 1998 members of the band left.", "members")).toBeNull();
    expect(countOf("Their 2003 album Blue sold well; they released 4 studio albums.", "albums")?.value).toBe(
      4,
    );
    expect(countOf("It was founded in 1921 by three brothers.", "acts")).toBeNull();
  });
});

describe("lengthOf", () => {
  it("reads a size next to a word of size, in metres, converting feet and kilometres", () => {
    expect(lengthOf("Grey Spire rises to 7,885 m (25,869 ft) above sea level.")?.value).toBe(7885);
    expect(lengthOf("The mast is 1,000 ft tall.")?.value).toBeCloseTo(304.8);
    expect(lengthOf("The canal is 2.5 km long.")?.value).toBe(2500);
  });

  it("never reads money, an area or a distance as a size", () => {
    expect(lengthOf("It earned 5 million in 2001.")).toBeNull();
    expect(lengthOf("The £200m tower is 310 m tall.")?.value).toBe(310);
    expect(lengthOf("The lake has an area of 120 km² and a depth of 300 m.")?.value).toBe(300);
    expect(lengthOf("Mount Alder, 40 km north of Lowtown, has a summit of 2,100 m.")?.value).toBe(2100);
  });
});

describe("composeMeasure", () => {
  const evidenceOf = [
    titled("S1", "Alder Hall", "Alder Hall is an orchestra of 42 violinists and 8 cellists."),
    titled("S2", "Birch Court", "Birch Court is a chamber orchestra with twelve violinists."),
    titled("S3", "Grey Spire", "Grey Spire is a tower 310 m tall in the old town."),
    titled("S4", "Red Mast", "Red Mast is a radio mast 1,200 ft high."),
  ];

  it("picks the option with more, saying and citing both amounts", () => {
    const q = parseMeasure("Which orchestra has more violinists, Alder Hall or Birch Court?");
    const draft = q && composeMeasure(q, evidenceOf);
    expect(draft?.short_answer).toBe("Alder Hall");
    expect(draft?.sentences[0]?.text).toBe(
      "Alder Hall: Alder Hall has 42 violinists; Birch Court has twelve violinists.",
    );
    expect(draft?.sentences[0]?.cites).toEqual(["S1", "S2"]);
    const fewer = parseMeasure("Which orchestra has fewer violinists, Alder Hall or Birch Court?");
    expect(fewer && composeMeasure(fewer, evidenceOf)?.short_answer).toBe("Birch Court");
  });

  it("compares lengths across units", () => {
    const q = parseMeasure("Which is taller, Grey Spire or Red Mast?");
    expect(q && composeMeasure(q, evidenceOf)?.short_answer).toBe("Red Mast");
  });

  it("never reads an option's amount from another thing's passage", () => {
    const q = parseMeasure("Which orchestra has more violinists, Alder Hall or Oak Room?");
    const noisy = [
      ...evidenceOf,
      titled("S5", "Oak Room", "Oak Room is a hall next to Alder Hall."),
      titled("S6", "Oak Room Players", "Oak Room Players is an orchestra of 90 violinists."),
    ];
    expect(q && composeMeasure(q, noisy)).toBeNull();
  });
});
