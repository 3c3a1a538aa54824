import { describe, expect, it } from "vitest";
import { decomposeQuestion } from "./decompose-question.js";
import { indefiniteHop } from "./indefinite-hop.js";

describe("indefiniteHop", () => {
  it("asks the thing an indefinite description stands for, then the clause of it", () => {
    expect(indefiniteHop("Elm Lake is in a county that has a population of how many inhabitants?")).toEqual({
      bridge: "Elm Lake is in which county?",
      rest: "#1 has a population of how many inhabitants?",
    });
    expect(indefiniteHop("Oak Hill is a play by a playwright born in which year?")).toEqual({
      bridge: "Oak Hill is a play by which playwright?",
      rest: "#1 born in which year?",
    });
    expect(
      indefiniteHop("In 1990 Elmart was bought by a chain that operated how many stores in 2016?"),
    ).toEqual({
      bridge: "In 1990 Elmart was bought by which chain?",
      rest: "#1 operated how many stores in 2016?",
    });
    expect(indefiniteHop("Jo Vale was a professor at a university whose campus is in what city?")?.rest).toBe(
      "#1's campus is in what city?",
    );
  });

  it("leaves a description of the subject itself, a span of time and a question asked before it", () => {
    // The subject is the series: nothing to find first.
    expect(indefiniteHop("Elm Drift is a series based on what technique?")).toBeNull();
    expect(
      indefiniteHop("The 2017 Elm season will be a year in which the team plays in what cup?"),
    ).toBeNull();
    expect(indefiniteHop("Which river flows through a town that hosts a fair?")).toBeNull();
    // No asking word in the clause: the description is no bridge.
    expect(indefiniteHop("Jo Vale wrote a book that won the Elm Prize.")).toBeNull();
  });

  it("is the decomposer's plan when no nested description is found", () => {
    expect(decomposeQuestion("Oak Hill is a play by a playwright born in which year?")).toEqual({
      kind: "chain",
      hops: ["Oak Hill is a play by which playwright?", "#1 born in which year?"],
      source: "rules",
    });
    // A definite description is read by the nested-description rules first.
    expect(decomposeQuestion("Where was the director of film Elm Night born?")?.hops[0]).toBe(
      "Who is the director of film Elm Night?",
    );
  });
});
