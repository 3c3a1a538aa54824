import { describe, expect, it } from "vitest";
import { parseFactQuestion } from "./fact-question.js";

describe("parseFactQuestion", () => {
  it.each([
    ["Who is Lin Oro's father?", "father", "Lin Oro"],
    ["Who is the mother of Kel Vasta?", "mother", "Kel Vasta"],
    ["Who is Mara Tesh's husband?", "spouse", "Mara Tesh"],
    ["Where was Ivo Dane born?", "birthplace", "Ivo Dane"],
    ["When was Ivo Dane born?", "birthdate", "Ivo Dane"],
    ["What is the place of death of Ivo Dane?", "deathplace", "Ivo Dane"],
    ["Where did Ivo Dane die?", "deathplace", "Ivo Dane"],
    ["When did Ivo Dane die?", "deathdate", "Ivo Dane"],
    ["Why did Ivo Dane die?", "cause", "Ivo Dane"],
    ["What is the cause of death of Ivo Dane?", "cause", "Ivo Dane"],
    ["What nationality is Ivo Dane?", "nationality", "Ivo Dane"],
    ["Which country Ivo Dane is from?", "nationality", "Ivo Dane"],
    ["Where did Ivo Dane study?", "education", "Ivo Dane"],
    ["Where does Ivo Dane work at?", "employer", "Ivo Dane"],
    ["Who is the director of film Gale Point?", "maker", "Gale Point"],
    ["Who is Gale Point's performer?", "maker", "Gale Point"],
    ["Who is Gale Point's main director?", "maker", "Gale Point"],
    ["Who is the performers of Gale Point?", "maker", "Gale Point"],
    ["Which county where Jonny Cake is located?", "located", "Jonny Cake"],
    ["In what county is Jonny Cake?", "located", "Jonny Cake"],
    ["Which state is Jonny Cake located in?", "located", "Jonny Cake"],
    ["Jonny Cake is located in what county?", "located", "Jonny Cake"],
    ["Which city where Ivo Dane was born?", "birthplace", "Ivo Dane"],
    ["Which city where Ivo Dane died?", "deathplace", "Ivo Dane"],
  ])("%s → %s of %s", (q, relation, subject) => {
    expect(parseFactQuestion(q)).toMatchObject({ relation, subject });
  });

  it("keeps the role a work's maker is asked by", () => {
    expect(parseFactQuestion("Who is the performer of song Blue Arc?")?.role).toBe("performer");
    expect(parseFactQuestion("Who is Blue Arc's main director?")?.role).toBe("director");
  });

  it("leaves other questions alone", () => {
    expect(parseFactQuestion("What was total revenue in 2021?")).toBeNull();
    expect(parseFactQuestion("Who is the CEO of the company?")).toBeNull();
  });
});
