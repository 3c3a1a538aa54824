import { describe, expect, it } from "vitest";
import { distributed, pairOf, sidesJoined } from "./read-pair.js";
import { titledEvidence as titled } from "./test-evidence.js";

const ev = [
  titled("S1", "Oak Songs", "Oak Songs is an album of 14 songs. It was released on 4 May 1998."),
  titled("S2", "Elm Tapes", "Elm Tapes is an album of 9 songs. It was released in 2001."),
];

describe("pairOf", () => {
  it("sends each form of question to its composer, a date choice before an amount", () => {
    expect(pairOf("Which album was released first, Oak Songs or Elm Tapes?", ev)?.reason).toBe(
      "choice: Oak Songs",
    );
    expect(pairOf("Which album has more songs, Oak Songs or Elm Tapes?", ev)?.reason).toBe(
      "measure: Oak Songs",
    );
    expect(pairOf("Were Oak Songs and Elm Tapes released in the same year?", ev)?.reason).toBe("when: no");
    expect(pairOf("Were Oak Songs and Elm Tapes both released before 2005?", ev)?.reason).toBe("when: yes");
    expect(pairOf("Are Oak Songs and Elm Tapes both albums?", ev)?.reason).toBe("both: yes");
    expect(pairOf("What do Oak Songs and Elm Tapes have in common?", ev)?.reason).toBe("in common: album");
    expect(pairOf("Which has more songs, Elm Tapes or the Oak Songs?", ev)?.reason).toBe(
      "measure: Oak Songs",
    );
  });

  it("reads a base-form verb, a 'have both' question and a place of making", () => {
    expect(pairOf("Did Oak Songs and Elm Tapes release in the same year?", ev)?.reason).toBe("when: no");
    expect(pairOf("Have both Oak Songs and Elm Tapes songs?", ev)?.reason).toBe("both: yes");
    expect(pairOf("Were Oak Songs and Elm Tapes albums?", ev)?.reason).toBe("both: yes");
    expect(pairOf("Are Oak Songs and Elm Tapes films?", ev)?.reason).toBe("both: no");
    expect(pairOf("Was Oak Songs released before Elm Tapes?", ev)?.reason).toBe("than: yes");
    expect(pairOf("Does Elm Tapes have more songs than Oak Songs?", ev)?.reason).toBe("than: no");
    expect(pairOf("Is Elm Tapes older than Oak Songs?", ev)?.reason).toBe("than: no");
    expect(pairOf("Oak Songs or Elm Tapes, which album was released first?", ev)?.reason).toBe(
      "choice: Oak Songs",
    );
    expect(pairOf("Which album was released later Oak Songs or Elm Tapes?", ev)?.reason).toBe(
      "choice: Elm Tapes",
    );
    const films = [
      titled("S1", "Oak Night", "Oak Night is a 1990 Colorese drama film."),
      titled("S2", "Elm Road", "Elm Road is a 1992 Colorese comedy film."),
    ];
    expect(pairOf("Were Oak Night and Elm Road made in the same country?", films)?.reason).toBe(
      "same place: yes",
    );
    expect(pairOf("Is Oak Night from the same country as Elm Road?", films)?.reason).toBe("same place: yes");
    expect(pairOf("Were Oak Night and Elm Road founded in the same country?", films)?.reason).toBe(
      "same place: yes",
    );
  });

  it("reads the options before a dash or after 'Of', 'the elder', and a question with no mark", () => {
    const people = [
      titled("S1", "Ann Lee", "Ann Lee (3 May 1900 – 9 June 1990) was a poet."),
      titled("S2", "Bo Chen", "Bo Chen (1 January 1910 – 2 February 1960) was a poet."),
    ];
    for (const q of [
      "Ann Lee or Bo Chen — who was born first?",
      "Of Ann Lee and Bo Chen, which one was born first?",
      "Ann Lee or Bo Chen: who is the elder?",
      "Who was born earlier, Ann Lee or Bo Chen",
      "Who was born first, Ann Lee or Bo Chen.",
      "Ann Lee or Bo Chen - who was born first?",
      "Ann Lee   or  Bo Chen –  who was born first?",
    ])
      expect(pairOf(q, people)?.reason).toBe("choice: Ann Lee");
  });

  it("reads 'as well as', 'anything in common, such as being' and 'as is B'", () => {
    expect(pairOf("Is Oak Songs as well as Elm Tapes an album?", ev)?.reason).toBe("both: yes");
    expect(
      pairOf("Do Oak Songs and Elm Tapes have anything in common, such as being albums?", ev)?.reason,
    ).toBe("both: yes");
    expect(pairOf("Is Oak Songs a film, as is Elm Tapes?", ev)?.reason).toBe("both: no");
    // Examples after "like" are no second option; a verb's words are no modifiers.
    expect(pairOf("Is Oak Songs an album popular in countries like Elm Tapes?", ev)).toBeNull();
    expect(pairOf("Did Oak Songs and Elm Tapes both release albums?", ev)?.reason).not.toBe("both: no");
  });

  it("reads 'the 2011 and 2012 Oak Rams' as two things, years and seasons only", () => {
    expect(distributed("Were the 2011 and 2012–13 Oak Rams coached by the same man?")).toBe(
      "Were the 2011 Oak Rams and the 2012–13 Oak Rams coached by the same man?",
    );
    expect(distributed("Were the Oak and Elm Rams coached by the same man?")).toBe(
      "Were the Oak and Elm Rams coached by the same man?",
    );
    // Ordinals too, a second "the", and a plural said of each in the singular.
    expect(distributed("Are the 514th and the 486th Oak Squadrons in the same state?")).toBe(
      "Are the 514th Oak Squadron and the 486th Oak Squadron in the same state?",
    );
    expect(distributed("Did the 2011 and 2012 Oak Rams football teams have the same coach?")).toBe(
      "Did the 2011 Oak Rams football team and the 2012 Oak Rams football team have the same coach?",
    );
    const teams = [
      titled("S1", "2011 Oak Rams football team", "The 2011 Oak Rams were coached by Ann Lee."),
      titled("S2", "2012 Oak Rams football team", "The 2012 Oak Rams were coached by Bo Chen."),
    ];
    expect(pairOf("Were the 2011 and 2012 Oak Rams coached by the same man?", teams)?.reason).toBe(
      "same name: no",
    );
  });

  it("answers nothing when the pair's passages are not there", () => {
    expect(pairOf("Which album has more songs, Oak Songs or Ash Demos?", ev)).toBeNull();
  });
});

describe("sidesJoined", () => {
  it("sets the two things side by side as the pair readers read them", () => {
    expect(
      sidesJoined(
        "Did the 2014 Oak Rams football team have the same coach as the 2015 Oak Rams football team?",
      ),
    ).toBe("Did the 2014 Oak Rams football team and the 2015 Oak Rams football team have the same coach?");
    expect(sidesJoined("Did Ann Vell and Bo Renn each write a novel?")).toBe(
      "Did Ann Vell and Bo Renn both write a novel?",
    );
  });

  it("leaves other questions alone", () => {
    expect(sidesJoined("Who did Ann Vell and Bo Renn each marry?")).toBe(
      "Who did Ann Vell and Bo Renn each marry?",
    );
    expect(sidesJoined("Is Oak Lane in the same state as Elm Street?")).toBe(
      "Is Oak Lane in the same state as Elm Street?",
    );
  });

  it("lets a pair reader answer a question set out that way", () => {
    const teams = [
      titled("S1", "2014 Oak Rams football team", "The 2014 Oak Rams were led by head coach Ann Lee."),
      titled("S2", "2015 Oak Rams football team", "The 2015 Oak Rams were led by head coach Ann Lee."),
    ];
    const q =
      "Did the 2014 Oak Rams football team have the same head coach as the 2015 Oak Rams football team?";
    expect(pairOf(q, teams)?.draft.short_answer).toBe("yes");
  });
});
