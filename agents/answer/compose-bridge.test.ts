import { describe, expect, it } from "vitest";
import { readAnswer } from "./compose-answer.js";
import { bridgeQuery, hasBridge } from "./compose-bridge.js";
import { evidence } from "./test-evidence.js";

const about = (sid: string, subject: string, text: string) =>
  evidence(sid, text, { title: "Corpus", heading_path: [subject] });

describe("hasBridge", () => {
  it.each([
    ["Who was the first president of the association which published the Journal of Minds?", true],
    ["What is the place of birth of the director of film Blue Harbour?", true],
    ["What is the place of birth of Anna Berg's husband?", true],
    ["What is the initial conversion price of the notes?", false],
  ])("%s → %s", (q, yes) => {
    expect(hasBridge(q)).toBe(yes);
  });
});

describe("reading across a hop", () => {
  const ev = [
    about("S1", "Blue Harbour", "Blue Harbour is a 1998 drama film directed by Tomas Lind."),
    about("S2", "Tomas Lind", "Tomas Lind (born 4 May 1950 in Malmo Harbour City) is a film director."),
    about("S3", "Red Coast", "Red Coast is a 2001 film directed by Ada Holm, born in Kestrel Bay."),
  ];

  it("answers from the bridge's own passage and cites both hops", () => {
    const r = readAnswer("What is the place of birth of the director of film Blue Harbour?", ev);
    expect(r.draft.short_answer).toBe("Malmo Harbour City");
    expect(r.draft.sentences.map((s) => s.cites[0])).toEqual(["S2", "S1"]);
  });

  it("shortens the last hop's answer as the question asks (part of a name)", () => {
    const wed = [
      ev[0] as (typeof ev)[number],
      about(
        "S2",
        "Tomas Lind",
        "Tomas Lind (born 4 May 1950) is a film director. He married the painter Ada Greta Holm in 1980.",
      ),
    ];
    const r = readAnswer("What is the middle name of the wife of the director of film Blue Harbour?", wed);
    expect(r.reason).toMatch(/→ Ada Greta Holm \(S2\)/);
    expect(r.draft.short_answer).toBe("Greta");
  });

  it("asks retrieval for the next hop only when the bridge has no passage of its own", () => {
    const q = "What is the place of birth of the director of film Blue Harbour?";
    const bridge = { span: "Tomas Lind", sid: "S1" };
    expect(bridgeQuery(q, bridge, ev)).toBeNull();
    expect(bridgeQuery(q, bridge, [ev[0] as (typeof ev)[number]])).toEqual({
      bridge: "Tomas Lind",
      query: "is the place of birth of Tomas Lind",
    });
  });
});
