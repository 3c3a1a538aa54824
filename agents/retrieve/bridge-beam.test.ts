import { describe, expect, it } from "vitest";
import { titledEvidence } from "../answer/test-evidence.js";
import { beamQueries } from "./bridge-beam.js";

describe("beamQueries", () => {
  const q = "Who is the spouse of the director of Quiet Fjords?";
  const film = titledEvidence(
    "S1",
    "Quiet Fjords",
    "Quiet Fjords is a 2009 drama film directed by Tomas Vell and starring Ada Lorn and Piet Sand.",
  );
  const other = titledEvidence("S2", "Ada Lorn", "Ada Lorn is an actress married to Bo Hult.");

  it("follows the first passage's best names with the question's words that passage lacks", () => {
    const b = beamQueries(q, [film, other]);
    expect(b?.from).toBe(film.section_id);
    expect(b?.names).toHaveLength(2);
    expect(b?.names).toContain("Tomas Vell");
    // Stemmed content words: the passage says "Quiet Fjords", not the spouse asked.
    expect(b?.residual.split(" ")).toContain("spous");
    expect(b?.residual).not.toMatch(/quiet|fjord/);
  });

  it("never follows a name the question says, nor a name from a later passage", () => {
    const b = beamQueries(q, [film, other]);
    expect(b?.names).not.toContain("Quiet Fjords");
    expect(b?.names).not.toContain("Bo Hult");
  });

  it("starts only at a passage whose subject the question names (its heading, less a qualifier)", () => {
    const section = titledEvidence("S1", "Director's notes", film.text);
    expect(beamQueries(q, [section, other])).toBeNull();
    const qualified = titledEvidence("S1", "Quiet Fjords (film)", film.text);
    expect(beamQueries(q, [qualified, other])?.names).toContain("Tomas Vell");
  });

  it("is null when the first passage names nothing beyond the question", () => {
    const bare = titledEvidence("S1", "Quiet Fjords", "Quiet Fjords is a 2009 drama film.");
    expect(beamQueries(q, [bare, other])).toBeNull();
  });
});
