import { describe, expect, it } from "vitest";
import { askedChapter, composeContents } from "./compose-contents.js";
import { evidence } from "./test-evidence.js";

const contents = [
  "Preface … xi",
  "Chapter 1. Keeping data safe … 1",
  "1.1 Basics of safety … 2",
  "1.1.1 A detail … 2",
  "1.2 Controls today … 3",
  "Chapter 2. Roles … 7",
  "2.1 Roles … 8",
].join("\n");

describe("composeContents", () => {
  it("reads which chapter a question asks about", () => {
    expect(askedChapter("What topics does the first chapter of the guide cover?")).toBe(1);
    expect(askedChapter("What does Chapter 2 discuss?")).toBe(2);
    expect(askedChapter("Какие темы охватывает вторая глава?")).toBe(2);
    expect(askedChapter("Who wrote the first chapter?")).toBeNull();
  });

  it("lists the chapter's sections one level down from a table of contents, cited", () => {
    const draft = composeContents("What topics does the first chapter cover?", [
      evidence("S1", "Chapter 1 explains why data must be kept safe."),
      evidence("S2", contents),
    ]);
    expect(draft?.sentences).toEqual([
      {
        text: 'Chapter 1, "Keeping data safe", covers: 1.1 Basics of safety; 1.2 Controls today.',
        cites: ["S2"],
      },
    ]);
  });

  it("gives nothing without a table of contents or the chapter in it", () => {
    const q = "What topics does the first chapter cover?";
    expect(composeContents(q, [evidence("S1", "Chapter 1. Keeping data safe\n1.1 Basics")])).toBeNull();
    expect(composeContents("What topics does chapter 5 cover?", [evidence("S2", contents)])).toBeNull();
  });
});
