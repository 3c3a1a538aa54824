import { describe, expect, it } from "vitest";
import { entities, escapeRegExp, mentions, numbers, splitSentences } from "./text.js";

describe("text helpers", () => {
  it("splits sentences but not inside abbreviations or decimals", () => {
    expect(
      splitSentences("Uber paid $26.3 billion in 2021. Mr. Smith agreed, e.g. Apple did. Done!\nNext line"),
    ).toEqual([
      "Uber paid $26.3 billion in 2021.",
      "Mr. Smith agreed, e.g. Apple did.",
      "Done!",
      "Next line",
    ]);
    expect(splitSentences("A film directed by Albert S. Rogell. It ran long.")).toEqual([
      "A film directed by Albert S. Rogell.",
      "It ran long.",
    ]);
    // An initialism before a number is a reference ("S.B. 2210"); before a word it may end a sentence.
    expect(splitSentences("The Elm Act, known as S.B. 2210, was a bill. It passed.")).toEqual([
      "The Elm Act, known as S.B. 2210, was a bill.",
      "It passed.",
    ]);
    expect(splitSentences("It was filed with the F.T.C. The case closed.")).toEqual([
      "It was filed with the F.T.C.",
      "The case closed.",
    ]);
  });

  it("normalises numbers", () => {
    expect(numbers("$26,300 and 26.3 billion in 2021")).toEqual(["26300", "26.3", "2021"]);
  });

  it("finds names, quoted titles and code identifiers, not question words", () => {
    const found = entities(
      "Which company did 'The Age' and TechCrunch say Google's ECOIN_STORE_NOT_PUBLISHED hit?",
    );
    expect(found).toEqual(
      expect.arrayContaining(["the age", "techcrunch", "google", "ecoin_store_not_published"]),
    );
    expect(found).not.toContain("which");
  });

  it("starts no name at a capital glued to a digit or letter", () => {
    const found = entities("Hashing 1KiB with Blake2b costs less on x86Linux.");
    expect(found).toContain("blake2b");
    expect(found).not.toContain("kib");
    expect(found).not.toContain("linux");
  });
});

describe("mentions", () => {
  it("finds a word at a later occurrence when the first sits inside a longer word", () => {
    expect(mentions("nfts are minted; each nft has an owner", "nft")).toBe(true);
    expect(mentions("nfts only", "nft")).toBe(false);
  });

  it("finds a name typed without its accents, and the other way round", () => {
    expect(mentions("the ballet vögelweide was left unfinished", "vogelweide")).toBe(true);
    expect(mentions("born in zurich", "zürich")).toBe(true);
    expect(mentions("born in zurich", "zug")).toBe(false);
  });
});

describe("escapeRegExp", () => {
  it("makes a string match itself literally", () => {
    const s = "a::b(c)[d]+e?.$^{f}|g\\h*";
    expect(new RegExp(escapeRegExp(s)).exec(`x ${s} y`)?.[0]).toBe(s);
    expect(new RegExp(escapeRegExp("a.b")).test("axb")).toBe(false);
  });
});
