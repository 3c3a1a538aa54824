import { describe, expect, it } from "vitest";
import { kindFit, kindWordModifies, placeKind } from "./answer-kind.js";
import { expectedAnswer } from "./answer-type.js";

describe("placeKind", () => {
  it.each([
    ["Harbor Mall is located in what county?", "county"],
    ["In what city did the tenor star in a film?", "city"],
    ["Ann Roe taught at a university that is located in what city?", "city"],
    ["What nationality were the painters Ann Roe and Bo Lin?", "nationality"],
    ["In which city is the ambassador of the region to Norland based?", "city"],
    ["Which coastal town founded in 1838 has a harbour?", "city"],
  ])("%s → %s", (question, kind) => {
    expect(placeKind(question)).toBe(kind);
  });
  it("reads no place in a kind word that names a thing of the place", () => {
    expect(placeKind("Which country music star sang the song?")).toBeUndefined();
    expect(placeKind("Which state law governs the lease?")).toBeUndefined();
    expect(placeKind("What is the county seat of the county where Oak Vale is?")).toBeUndefined();
  });
  it("makes the expected answer a place of that kind", () => {
    expect(expectedAnswer("Harbor Mall is located in what county?")).toMatchObject({
      type: "place",
      kind: "county",
    });
  });
});

describe("kindFit", () => {
  it("wants a county's name for a county and a demonym for a nationality", () => {
    expect(kindFit("Marsh County", "county")).toBeGreaterThan(0);
    expect(kindFit("Marsh Corner", "county")).toBeLessThan(0);
    expect(kindFit("British", "nationality")).toBeGreaterThan(0);
    expect(kindFit("MPhil", "nationality")).toBeLessThan(0);
  });
  it("never takes an institution for a city", () => {
    expect(kindFit("Norland University", "city")).toBeLessThan(0);
    expect(kindFit("Port Verde", "city")).toBe(0);
    expect(kindFit("Port Verde", undefined)).toBe(0);
  });
  it("takes no nationality word for a city or a state, though it ends like a place", () => {
    expect(kindFit("Moroccan", "city")).toBeLessThan(0);
    expect(kindFit("Moroccan", "state")).toBeLessThan(0);
    expect(kindFit("Moroccan", "nationality")).toBeGreaterThan(0);
    expect(kindFit("Morocco", "city")).toBe(0);
  });
  it("takes no nationality word for a place asked with no kind ('Where did X die?')", () => {
    expect(kindFit("Canadian", undefined)).toBeLessThan(0);
    expect(kindFit("Norlandish", undefined)).toBeLessThan(0);
    for (const place of ["Japan", "Munich", "Toronto"]) expect(kindFit(place, undefined)).toBe(0);
  });
  it("prefers a country's name for a country", () => {
    expect(kindFit("Norway", "country")).toBeGreaterThan(0);
    expect(kindFit("United States", "country")).toBeGreaterThan(0);
    expect(kindFit("Ibsen Year", "country")).toBe(0);
    expect(kindFit("Norway", "city")).toBe(0);
  });
  it("takes a demonym for no country, but a place ending like one for a place", () => {
    expect(kindFit("Norlandish", "country")).toBeLessThan(0);
    expect(kindFit("Estonian", "country")).toBeLessThan(0);
    for (const place of ["Japan", "Munich", "Missouri", "Taiwan"])
      expect(kindFit(place, "country")).toBeGreaterThanOrEqual(0);
  });
  it("takes a district or a municipality for no country or state, but for a city as it may be", () => {
    expect(kindFit("Vale District", "country")).toBeLessThan(0);
    expect(kindFit("Orin Municipality", "state")).toBeLessThan(0);
    expect(kindFit("Vale District", "city")).toBe(0);
    expect(kindFit("District of Vale", "country")).toBe(0);
  });
});

describe("kindWordModifies", () => {
  it("reads 'which country music star' as a person asked, not a country", () => {
    expect(kindWordModifies("The album is by which country music star, with the single Rain?")).toBe(true);
    expect(expectedAnswer("The album is by which country music star, with the single Rain?").type).not.toBe(
      "place",
    );
    expect(kindWordModifies("Which country is Oak Vale in?")).toBe(false);
  });
});
