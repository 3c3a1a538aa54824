import { describe, expect, it } from "vitest";
import { composeSameTime, parseSameTime, yearOf } from "./compose-same-time.js";
import { titledEvidence as titled } from "./test-evidence.js";

const albums = [
  titled(
    "S1",
    "Oak Songs",
    "Oak Songs is the second album by Ann Lee. It was released on 4 May 1998 by Elm Records.",
  ),
  titled("S2", "River Hymns", "River Hymns (recorded 1995) is an album. It was released in 1998."),
  titled("S3", "Stone Band", "Stone Band is a rock band from Leeds, formed in 2011."),
  titled("S4", "Pine Four", "Pine Four is a folk group. They formed in 2004 and split in 2012."),
];

describe("parseSameTime", () => {
  it("reads the two things, the event and the test", () => {
    expect(parseSameTime("Were Oak Songs and River Hymns released in the same year?")).toEqual({
      options: ["Oak Songs", "River Hymns"],
      verb: "released",
      test: "same",
      span: "year",
      year: null,
    });
    expect(parseSameTime('Were "Stone Band" and Pine Four both formed before 2010?')).toMatchObject({
      options: ["Stone Band", "Pine Four"],
      test: "before",
      year: 2010,
    });
    expect(parseSameTime("Were Oak Songs and River Hymns both albums?")).toBeNull();
  });
});

describe("composeSameTime", () => {
  it("compares the years each passage gives the event, not its first date", () => {
    const q = parseSameTime("Were Oak Songs and River Hymns released in the same year?");
    const draft = q && composeSameTime(q, albums);
    expect(draft?.short_answer).toBe("yes");
    expect(draft?.sentences[0]).toEqual({
      text: "Yes: Oak Songs: 4 May 1998; River Hymns: 1998.",
      cites: ["S1", "S2"],
    });
  });

  it("says no when one of the two fails the year test", () => {
    const q = parseSameTime("Were Stone Band and Pine Four both formed before 2010?");
    expect(q && composeSameTime(q, albums)?.short_answer).toBe("no");
    const after = parseSameTime("Were Stone Band and Pine Four both formed after 2000?");
    expect(after && composeSameTime(after, albums)?.short_answer).toBe("yes");
  });

  it("compares decades, centuries and months, and reads 'in the 1990s' and 'start their careers'", () => {
    const wars = [
      titled("S1", "Oak War", "The Oak War was fought in 1895 between Elmland and Ashland."),
      titled("S2", "Elm Battle", "The Elm Battle was fought on 24 January 1838 in Colora."),
      titled("S3", "Ann Lee", "Ann Lee is a poet. She started her career in 1996 in Elmton."),
      titled("S4", "Bo Chen", "Bo Chen is a poet. He started his career in 2012."),
      titled("S5", "Oak Night", "Oak Night is an episode. It aired on 14 February 2013."),
      titled("S6", "Elm Day", "Elm Day is an episode. It aired on 14 March 2013."),
    ];
    const say = (question: string) => {
      const q = parseSameTime(question);
      return q && composeSameTime(q, wars)?.short_answer;
    };
    expect(parseSameTime("Were the Oak War and the Elm Battle both fought in the 1800s?")).toMatchObject({
      test: "in",
      span: "century",
      year: 1800,
    });
    expect(say("Were the Oak War and the Elm Battle both fought in the 1800s?")).toBe("yes");
    expect(say("Were the Oak War and the Elm Battle fought in the same century?")).toBe("yes");
    expect(say("Were the Oak War and the Elm Battle fought in the same decade?")).toBe("no");
    expect(say("Did Ann Lee and Bo Chen both start their careers in the 1990s?")).toBe("no");
    expect(say("Did Oak Night and Elm Day first air in the same month?")).toBe("no");
    expect(say("Did Oak Night and Elm Day air in the same year?")).toBe("yes");
    // "the 2000s" may be a decade or a century: not read; "after the 1990s" is after 1999.
    expect(parseSameTime("Were the Oak War and the Elm Battle both fought in the 2000s?")).toBeNull();
    expect(parseSameTime("Did Ann Lee and Bo Chen both start their careers after the 1990s?")).toMatchObject({
      test: "after",
      span: "decade",
    });
    expect(say("Did Ann Lee and Bo Chen both start their careers after the 1990s?")).toBe("no");
    // A month is the month, whatever the day.
    const months = [
      titled("S1", "Oak Night", "Oak Night is an episode. It aired on 31 January 2013."),
      titled("S2", "Elm Day", "Elm Day is an episode. It aired on 14 February 2013."),
    ];
    const m = parseSameTime("Did Oak Night and Elm Day first air in the same month?");
    expect(m && composeSameTime(m, months)?.short_answer).toBe("no");
    // With an object ("their careers"), only a sentence with the verb dates it.
    const born = [
      titled("S1", "Ann Lee", "Ann Lee (born 1970) is a poet. She began writing late."),
      titled("S2", "Bo Chen", "Bo Chen (born 1975) is a poet. He started his career in 1995."),
    ];
    const c = parseSameTime("Did Ann Lee and Bo Chen both start their careers in the 1990s?");
    expect(c && composeSameTime(c, born)).toBeNull();
  });

  it("does not answer without both passages", () => {
    const q = parseSameTime("Were Oak Songs and Birch Tapes released in the same year?");
    expect(q && composeSameTime(q, albums)).toBeNull();
  });
});

describe("yearOf", () => {
  it("matches the verb as a word and takes the date after it", () => {
    const band = "Their former drummer joined Blue in 2015. The band was formed in 2005.";
    expect(yearOf(band, "formed")?.year).toBe(2005);
    expect(yearOf("They performed at the 2012 festival. The band formed in 2003.", "formed")?.year).toBe(
      2003,
    );
    expect(yearOf("She grew up near the border in 1970. Ann Lee was born in 1950.", "born")?.year).toBe(1950);
    expect(yearOf("Recorded after the 1996 tour, it was released in 1998.", "released")?.year).toBe(1998);
  });
});
