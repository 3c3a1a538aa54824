import { describe, expect, it } from "vitest";
import { composeCommon, descriptions, parseCommon } from "./compose-common.js";
import { titledEvidence as titled } from "./test-evidence.js";

describe("parseCommon", () => {
  it("reads the two things of a question about what they share", () => {
    const both = { options: ["Ann Lee", "Bo Chen"] };
    expect(parseCommon("What do Ann Lee and Bo Chen have in common?")).toEqual(both);
    expect(parseCommon("What profession did both Ann Lee and Bo Chen share?")).toEqual(both);
    expect(parseCommon("What occupation is shared by Ann Lee and Bo Chen?")).toEqual(both);
    expect(parseCommon("Ann Lee and Bo Chen are both examples of what?")).toEqual(both);
    expect(parseCommon("Ann Lee and Bo Chen share which trade?")).toEqual(both);
    expect(parseCommon("What are both Ann Lee and Bo Chen?")).toEqual(both);
  });

  it("leaves other questions alone", () => {
    expect(parseCommon("What did Ann Lee write?")).toBeNull();
    expect(parseCommon("Are Ann Lee and Bo Chen both painters?")).toBeNull();
    expect(parseCommon("Who was born first, Ann Lee or Bo Chen?")).toBeNull();
  });
});

describe("descriptions", () => {
  it("reads the items of a passage's opening, up to its first clause", () => {
    expect(
      descriptions("Ann Lee (born 1950) is an American film director, screenwriter and producer from Ohio."),
    ).toEqual([
      { full: "American film director", part: "American film director" },
      { full: "screenwriter", part: "screenwriter" },
      { full: "producer", part: "producer" },
    ]);
    expect(descriptions("The Sour is a family of drinks whose base is a spirit.").map((d) => d.part)).toEqual(
      ["family", "drinks"],
    );
    expect(descriptions("Ann Lee lived in Ohio.")).toEqual([]);
  });
});

describe("composeCommon", () => {
  const people = [
    titled("S1", "Ann Lee", "Ann Lee (born 1950) is an American film director and producer from Ohio."),
    titled("S2", "Bo Chen", "Bo Chen is a Taiwanese documentary film director, known for river films."),
    titled("S3", "Cy Moss", "Cy Moss was a British chemist."),
    titled("S4", "Gin Sour", "The Gin Sour is a drink made with gin and lemon."),
    titled("S5", "Sours", "Sours is a family of drinks whose base is a spirit."),
  ];

  it("answers the description both openings share, both cited", () => {
    const draft = composeCommon({ options: ["Ann Lee", "Bo Chen"] }, people);
    expect(draft?.short_answer).toBe("film director");
    expect(draft?.sentences).toEqual([
      {
        text: "film director: Ann Lee is an American film director; Bo Chen is a Taiwanese documentary film director.",
        cites: ["S1", "S2"],
      },
    ]);
    expect(composeCommon({ options: ["Gin Sour", "Sours"] }, people)?.short_answer).toBe("drink");
  });

  it("does not answer when the openings share nothing or a passage is missing", () => {
    expect(composeCommon({ options: ["Ann Lee", "Cy Moss"] }, people)).toBeNull();
    expect(composeCommon({ options: ["Ann Lee", "Di Roe"] }, people)).toBeNull();
  });
});

describe("what a description does not answer", () => {
  it("leaves nationality, genre and a bare 'type of' to other readers", () => {
    expect(parseCommon("What nationality do Ann Lee and Bo Chen share?")).toBeNull();
    expect(parseCommon("What genre do Ann Lee and Bo Chen have in common?")).toBeNull();
    const foods = [
      titled("S1", "Ravioli", "Ravioli is a type of pasta."),
      titled("S2", "Baguette", "A baguette is a type of bread."),
    ];
    expect(composeCommon({ options: ["Ravioli", "Baguette"] }, foods)).toBeNull();
  });
});
