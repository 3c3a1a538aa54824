import { describe, expect, it } from "vitest";
import { DEFAULT_READER, readAnswer } from "./compose-answer.js";
import { hasBridge } from "./compose-bridge.js";
import { evidence } from "./test-evidence.js";

const about = (sid: string, subject: string, text: string) =>
  evidence(sid, text, { title: "Corpus", heading_path: [subject] });

describe("bridge clauses", () => {
  it("reads a clause that opens the question, and never the question's own asking word", () => {
    expect(hasBridge("The football manager who signed Jo Vale managed Elm United during what years?")).toBe(
      true,
    );
    // "which" asks here: the album's star is the answer, not a bridge to something else.
    expect(hasBridge("Oak Story is an album by which country star, with the single Elm Eyes?")).toBe(false);
    expect(hasBridge("Who is the spouse of the director of film Blue Harbour?")).toBe(true);
  });
});

describe("hops the question does not mark", () => {
  const manga = [
    about(
      "S1",
      "Elm Story",
      "Elm Story is a Japanese manga series written and illustrated by Taro Kisaragi. The story's main character is 16-year-old high school student Ichi Seto.",
    ),
    about("S2", "Taro Kisaragi", "Taro Kisaragi (born March 4, 1958) is a Japanese manga artist."),
  ];

  it("reads a year asked of someone a sentence names, in that person's own passage", () => {
    const r = readAnswer(
      "A Japanese manga series based on a 16 year old high school student Ichi Seto, is written and illustrated by someone born in what year?",
      manga,
    );
    expect(r.draft.short_answer).toBe("1958");
    expect(r.draft.sentences.map((s) => s.cites[0])).toEqual(["S2", "S1"]);
  });

  it("reads a bridge named with a title in the passage headed by the name alone", () => {
    const honours = [
      about(
        "S1",
        "1925 Elm Honours",
        "The 1925 Elm Honours were appointments by King Oswin V to various orders.",
      ),
      about("S2", "Oswin V", "Oswin V (Oswin Albert; 9 May 1841 – 2 July 1907) was King of Elmland."),
    ];
    const r = readAnswer("In which year was the King who made the 1925 Elm Honours born?", honours, {
      ...DEFAULT_READER,
      minHopScore: 0,
    });
    expect(r.draft.short_answer).toBe("1841");
  });

  it("reads on past a refusal only for a chained question", () => {
    const play = [
      about(
        "S1",
        "Oak Hill (play)",
        "Oak Hill is a three-act farce first staged in Elmport, a comedy by Ada Marlowe.",
      ),
      about("S2", "Ada Marlowe", "Ada Marlowe (October 2, 1879 – May 8, 1950) was an American playwright."),
    ];
    const q = "Oak Hill is a comedy by a playwright born in which year?";
    expect(readAnswer(q, play).draft.not_found).toBe(true);
    expect(readAnswer(q, play, { ...DEFAULT_READER, chained: true }).draft.short_answer).toBe("1879");
  });
});
