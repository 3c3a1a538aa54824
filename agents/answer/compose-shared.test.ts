import { describe, expect, it } from "vitest";
import { composeSameKind } from "./compose-same-kind.js";
import { composeShared } from "./compose-shared.js";
import { parseShared } from "./shared-question.js";
import { titledEvidence as titled } from "./test-evidence.js";

describe("parseShared", () => {
  it("reads what is asked of two things together", () => {
    expect(parseShared("What nationality are both Ann Vell and Bo Renn?")?.asks).toBe("nationality");
    expect(parseShared("Which country are Elm Lake and Oak Lake both located in?")?.asks).toBe("country");
    expect(parseShared("What language are both Oak Song and Elm Song in?")?.asks).toBe("language");
    expect(parseShared("Who directed both Oak Night and Elm Day?")?.asks).toBe("name");
    expect(parseShared("What genre do Oak Lane and Elm Street play?")?.asks).toBe("description");
    expect(parseShared("Oak Night and Elm Day are albums by which singer?")).toMatchObject({
      asks: "name",
      head: "sing",
    });
    expect(parseShared("Oakfield and Elmstone are both what type of firm?")).toMatchObject({
      asks: "description",
      head: "firm",
    });
    expect(parseShared("What genre of music do Ann Vell and Bo Renn both sing?")).toMatchObject({
      asks: "description",
      head: "genr",
    });
  });

  it("leaves yes/no questions, choices and one thing alone", () => {
    expect(parseShared("Are Ann Vell and Bo Renn both Italian?")).toBeNull();
    expect(parseShared("Which came first, Oak Night or Elm Day?")).toBeNull();
    expect(parseShared("What nationality is Ann Vell?")).toBeNull();
  });
});

describe("composeShared", () => {
  const vell = titled(
    "S1",
    "Ann Vell",
    "Ann Vell (born 1950) is an Italian theoretical physicist and writer.",
  );
  const renn = titled("S2", "Bo Renn", "Bo Renn (born 1941) was an Italian physicist who taught in Elmford.");

  it("answers the nationality and the description both passages give", () => {
    expect(composeShared("What nationality are both Ann Vell and Bo Renn?", [vell, renn])?.short_answer).toBe(
      "Italian",
    );
    const draft = composeShared("What profession do Ann Vell and Bo Renn share?", [vell, renn]);
    expect(draft?.short_answer).toBe("physicist");
    expect(draft?.sentences.map((s) => s.cites)).toEqual([["S1"], ["S2"]]);
  });

  it("matches a country with its people's word", () => {
    const elm = titled("S1", "Elm Lake", "Elm Lake is a lake in central Ontario, Canada.");
    const oak = titled("S2", "Oak Lake", "Oak Lake is a lake in the Canadian province of Saskatchewan.");
    const q = "Which country are Elm Lake and Oak Lake both located in?";
    expect(composeShared(q, [elm, oak])?.short_answer).toBe("Canada");
  });

  it("reads a kind asked from what each one is said to be", () => {
    const a = titled("S1", "Oakfield Partners", "Oakfield Partners is a private equity firm based in Ohio.");
    const b = titled("S2", "Elmstone Capital", "Elmstone Capital is an American private equity firm.");
    const q = "Oakfield Partners and Elmstone Capital are both what type of firm?";
    expect(composeShared(q, [a, b])?.short_answer).toBe("private equity firm");
  });

  it("takes the name beside the question's words, not another both passages name", () => {
    const a = titled(
      "S1",
      "Oak Night",
      "Oak Night is a 2011 film starring Tom Hale and directed by Ned Vosk.",
    );
    const b = titled(
      "S2",
      "Elm Day",
      "Elm Day is a 2000 film starring Tom Hale. The film was directed by Ned Vosk.",
    );
    expect(composeShared("Who directed both Oak Night and Elm Day?", [a, b])?.short_answer).toBe("Ned Vosk");
  });

  it("never answers with the question's own name", () => {
    const a = titled("S1", "Oak Song", 'Oak Song is a song by Tom Hale from his album "Delirium".');
    const b = titled("S2", "Elm Song", 'Elm Song is a song recorded by Tom Hale for his album "Delirium".');
    const q = "Oak Song and Elm Song are both on which Tom Hale album?";
    expect(composeShared(q, [a, b])?.short_answer).toBe("Delirium");
  });

  it("is null when the passages share nothing of the kind asked", () => {
    const french = titled("S2", "Bo Renn", "Bo Renn (born 1941) was a French chemist.");
    expect(composeShared("What nationality are both Ann Vell and Bo Renn?", [vell, french])).toBeNull();
    expect(composeShared("What nationality are both Ann Vell and Cy Doe?", [vell, renn])).toBeNull();
    expect(composeShared("What did Ann Vell and her brother write?", [vell, renn])).toBeNull();
  });
});

describe("composeSameKind", () => {
  const a = titled("S1", "Oakfield Partners", "Oakfield Partners is a private equity firm based in Ohio.");
  const b = titled("S2", "Elmstone Capital", "Elmstone Capital is an American private equity firm.");
  const c = titled("S3", "Pine Ventures", "Pine Ventures is a venture capital firm in Texas.");
  const d = titled("S4", "Ash Foods", "Ash Foods makes crisps.");

  it("says yes when both are called the same kind, no when each is called another", () => {
    const q = (x: string, y: string) => `Are ${x} and ${y} the same kind of firm?`;
    expect(composeSameKind(q("Oakfield Partners", "Elmstone Capital"), [a, b])?.short_answer).toBe("yes");
    expect(composeSameKind(q("Oakfield Partners", "Pine Ventures"), [a, c])?.short_answer).toBe("no");
    expect(composeSameKind(q("Oakfield Partners", "Ash Foods"), [a, d])).toBeNull();
  });
});

describe("composeShared for places", () => {
  it("takes a place name only where each passage says something is", () => {
    const a = titled(
      "S1",
      "Oak Owls",
      "The Oak Owls are members of the Elm Conference, home to many teams. Their arena is in Ferndale.",
    );
    const b = titled(
      "S2",
      "Oak Hawks",
      "The Oak Hawks joined the Elm Conference, home of the Elm Cup, and play in Ferndale.",
    );
    expect(
      composeShared("Which city is home to both the Oak Owls and the Oak Hawks?", [a, b])?.short_answer,
    ).toBe("Ferndale");
  });
});

describe("composeShared guards", () => {
  it("reads a month only as a capitalised month name, and a country only as a name", () => {
    const a = titled("S1", "Oak Night", "Oak Night was released in May. Fans may see us there.");
    const b = titled("S2", "Elm Day", "Elm Day came out in May 1990; critics may like it, says us.");
    const month = composeShared("In which month were both Oak Night and Elm Day released?", [a, b]);
    expect(month?.short_answer).toBe("May");
    expect(composeShared("Which country are both Oak Night and Elm Day from?", [a, b])).toBeNull();
  });

  it("answers a nationality in whichever passage's words say it", () => {
    const a = titled("S1", "Ann Vell", "Ann Vell is a singer from Toronto, Canada.");
    const b = titled("S2", "Bo Renn", "Bo Renn is a Canadian singer.");
    expect(composeShared("What nationality are both Ann Vell and Bo Renn?", [a, b])?.short_answer).toBe(
      "Canadian",
    );
  });

  it("leaves numbers, dates and versions to other readers", () => {
    expect(parseShared("What year were both Oak Bank and Elm Bank founded?")).toBeNull();
    expect(parseShared("Which version do both Oak CLI and Elm SDK need?")).toBeNull();
    expect(parseShared("What do the Oak CLI and the Elm SDK both support?")?.head).toBeUndefined();
    expect(parseShared("What programming language do both Oak CLI and Elm SDK use?")?.asks).not.toBe(
      "language",
    );
  });
});

describe("composeSameKind guards", () => {
  it("reads a kind said as part of a longer noun", () => {
    const a = titled(
      "S1",
      "Ash Crisps",
      "Ash Crisps are a type of corn-based snack food product sold in Elmland.",
    );
    const b = titled("S2", "Elm Nuts", "Elm Nuts are a snack food made by frying nuts.");
    expect(composeSameKind("Are Ash Crisps and Elm Nuts the same kind of food?", [a, b])?.short_answer).toBe(
      "yes",
    );
  });

  it("takes the kind each is said to be, not one it mentions", () => {
    const a = titled(
      "S1",
      "Oakfield Partners",
      "Oakfield Partners is a law firm. It advises a private equity firm.",
    );
    const b = titled("S2", "Elmstone Capital", "Elmstone Capital is an American private equity firm.");
    const q = "Are Oakfield Partners and Elmstone Capital the same kind of firm?";
    expect(composeSameKind(q, [a, b])?.short_answer).toBe("no");
  });
});
