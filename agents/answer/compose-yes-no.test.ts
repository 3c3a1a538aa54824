import { describe, expect, it } from "vitest";
import { composeSame, parseSame, placeOf } from "./compose-yes-no.js";
import { evidence } from "./test-evidence.js";

const page = (sid: string, title: string, text: string) =>
  evidence(sid, text, { title: "corpus", heading_path: [title] });

describe("parseSame", () => {
  it("takes the films of 'both directors of films A and B' as the options, the director as the role", () => {
    expect(
      parseSame(
        "Do both directors of films Red Arc 5: Ends and Dark Vale (2017 Film) have the same nationality?",
      ),
    ).toEqual({
      options: ["Red Arc 5: Ends", "Dark Vale (2017 Film)"],
      role: "director",
    });
  });

  it("reads 'share the same nationality' and marks 'born in the same place'", () => {
    expect(parseSame("Do Dan Ell (Illustrator) and Eus Ferg share the same nationality?")?.options).toEqual([
      "Dan Ell (Illustrator)",
      "Eus Ferg",
    ]);
    expect(parseSame("Were both Pia Sal and Dom Rav, born in the same place?")?.born).toBe(true);
  });

  it("reads 'come from the same country'", () => {
    expect(parseSame("Do Pia Sal and Dom Rav come from the same country?")?.options).toEqual([
      "Pia Sal",
      "Dom Rav",
    ]);
  });
});

describe("placeOf", () => {
  it("reads a country's name used as a nationality word", () => {
    expect(placeOf("Dan Ell is a New Zealand illustrator and author.")).toBe("New Zealand");
  });
});

describe("composeSame", () => {
  it("compares birthplaces, not nationalities, for 'born in the same place'", () => {
    const ev = [
      page("S1", "Pia Sal", "Pia Sal (born 29 March 1959 in Roma, Italia) is an Italian businessman."),
      page("S2", "Dom Rav", "Dom Rav (born 1584 in Lucca, Italia) was an Italian bishop."),
    ];
    const q = parseSame("Were both Pia Sal and Dom Rav, born in the same place?");
    expect(q && composeSame(q, ev)?.short_answer).toBe("no");
  });
});
