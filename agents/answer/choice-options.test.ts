import { describe, expect, it } from "vitest";
import { choiceOptions, choiceQuestion, optionPassage, spokenChoice } from "./choice-options.js";
import { titledEvidence as titled } from "./test-evidence.js";

describe("choiceOptions", () => {
  it("reads options set between commas, with the predicate after them", () => {
    expect(choiceOptions("Which film, Oak Night or The Elm Road, was directed by Ann Roe?")?.options).toEqual(
      ["Oak Night", "The Elm Road"],
    );
  });

  it("reads options set off by a colon", () => {
    expect(
      choiceOptions("What came first: the signing of the Elm Treaty or the launch of Oak Star?")?.options,
    ).toEqual(["the signing of the Elm Treaty", "the launch of Oak Star"]);
  });

  it("reads 'which of A and B' and 'which of A or B'", () => {
    expect(choiceOptions("Which of Bo Lin and Cy Vale is a magician?")?.options).toEqual([
      "Bo Lin",
      "Cy Vale",
    ]);
    expect(choiceOptions("Which of Bo Lin or Cy Vale was a film director?")?.options).toEqual([
      "Bo Lin",
      "Cy Vale",
    ]);
  });

  it("keeps the trailing form, commas inside an option included", () => {
    expect(choiceOptions("Which town is larger, Elmton, Colora or Oakby?")?.options).toEqual([
      "Elmton, Colora",
      "Oakby",
    ]);
    expect(choiceOptions("What is the capital of Colora?")).toBeNull();
  });

  it("reads no choice in things set beside or aside: 'Compared with A or B, which …?'", () => {
    const q = "Compared with Keccak256 or SHA2-256, which hash function costs the least?";
    expect(choiceOptions(q)).toBeNull();
    expect(choiceQuestion(q)).toBe(q);
    expect(choiceOptions("Which hash function is cheaper, compared with Keccak256 or SHA2-256?")).toBeNull();
    expect(choiceOptions("Besides Oak or Elm, which tree grows here?")).toBeNull();
    // A choice proper still reads.
    expect(choiceOptions("Which hash function is cheaper, Keccak256 or SHA2-256?")?.options).toEqual([
      "Keccak256",
      "SHA2-256",
    ]);
  });

  it("reads a quoted title as the name inside its quotes", () => {
    expect(choiceOptions('Which song came out first, "Oak Song" or "Elm Song!"?')?.options).toEqual([
      "Oak Song",
      "Elm Song!",
    ]);
    expect(optionPassage([titled("S1", "Oak Song", "Oak Song is a 1999 song.")], '"Oak Song"')).toMatchObject(
      { name: "Oak Song", e: { sid: "S1" } },
    );
  });
});

describe("optionPassage", () => {
  const ev = [
    titled("S1", "Robin Hall", "Robin Hall is a 2,345-seat arena."),
    titled("S2", "Acme Health", "Acme Health is a company based in Elmton."),
  ];

  it("finds an option's passage without its 'the' or the place words a comma joined to it", () => {
    expect(optionPassage(ev, "the Robin Hall")).toMatchObject({ name: "Robin Hall", e: { sid: "S1" } });
    expect(optionPassage(ev, "Colora, Acme Health")).toMatchObject({ name: "Acme Health", e: { sid: "S2" } });
    expect(optionPassage(ev, "Oak Hall")).toBeNull();
    // A list of three is not read as two.
    const three = [...ev, titled("S3", "Colora", "Colora is a state.")];
    expect(optionPassage(three, "Colora, Acme Health")).toBeNull();
  });
});

describe("choiceQuestion", () => {
  it("moves options asked first to the end", () => {
    expect(choiceQuestion("Bo Lin or Cy Vale, which poet was born first?")).toBe(
      "Which poet was born first, Bo Lin or Cy Vale?",
    );
    expect(choiceQuestion("Between Bo Lin and Cy Vale, who founded Oak Press?")).toBe(
      "Who founded Oak Press, Bo Lin or Cy Vale?",
    );
    // A title that starts with "Of" is no "Of A and B".
    expect(choiceQuestion("Of Oak and Elm or Pine Road, which came first?")).toBe(
      "Which came first, Of Oak and Elm or Pine Road?",
    );
    expect(choiceQuestion("Of Bo Lin and Cy Vale, which one was born first?")).toBe(
      "Which one was born first, Bo Lin or Cy Vale?",
    );
    expect(choiceQuestion("Bo Lin or Cy Vale: which of them was born first?")).toBe(
      "Which of them was born first, Bo Lin or Cy Vale?",
    );
  });

  it("leaves other questions as they are", () => {
    for (const q of ["Which poet was born first, Bo Lin or Cy Vale?", "Salt and pepper, which is saltier?"])
      expect(choiceQuestion(q)).toBe(q);
  });
});

describe("spokenChoice", () => {
  it("puts choices set out in other ways into the form the composers read", () => {
    expect(choiceQuestion("Was it Oak Night or Elm Day that was released more recently?")).toBe(
      "Which was released more recently, Oak Night or Elm Day?",
    );
    expect(choiceQuestion("Was it Ann Vell or Bo Renn who was born first?")).toBe(
      "Who was born first, Ann Vell or Bo Renn?",
    );
    expect(choiceQuestion("Ann Vell and Bo Renn: which of the two was born first?")).toBe(
      "Which of the two was born first, Ann Vell or Bo Renn?",
    );
    expect(choiceQuestion("Ann Vell and Bo Renn were both playwrights; who was born earlier?")).toBe(
      "Who was born earlier, Ann Vell or Bo Renn?",
    );
    expect(choiceQuestion("Which came out first — Oak Night, or Elm Day?")).toBe(
      "Which came out first, Oak Night or Elm Day?",
    );
  });

  it("leaves other questions as they are", () => {
    expect(spokenChoice("Who was born first, Ann Vell or Bo Renn?")).toBe(
      "Who was born first, Ann Vell or Bo Renn?",
    );
    expect(spokenChoice("Which came first, Salt and Pepper or Oak?")).toBe(
      "Which came first, Salt and Pepper or Oak?",
    );
    expect(spokenChoice("What did Ann Vell and Bo Renn write?")).toBe("What did Ann Vell and Bo Renn write?");
  });
});

describe("optionPassage past what describes the name", () => {
  const ev = [
    titled("S1", "Tom Hale", "Tom Hale is a rapper."),
    titled("S2", "Elm Yards", "Elm Yards was a shipyard."),
  ];
  it("reads the name before an appositive or a clause", () => {
    expect(optionPassage(ev, "Tom Hale, the Oak Clan member")?.e.sid).toBe("S1");
    expect(optionPassage(ev, "the Elm Yards that Ned Vosk set up")?.e.sid).toBe("S2");
    expect(optionPassage(ev, "Tom Hale, Bo Renn")).toBeNull();
  });

  it("finds the passage titled with the name and what kind of thing it is", () => {
    const teams = [titled("S1", "1959 Oak Rams football team", "The 1959 Oak Rams were coached by Ann Lee.")];
    expect(optionPassage(teams, "the 1959 Oak Rams")?.e.sid).toBe("S1");
    expect(optionPassage([titled("S1", "Oak Rams Arena", "The arena.")], "Oak Rams")).toBeNull();
  });
});
