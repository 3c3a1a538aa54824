import { describe, expect, it } from "vitest";
import { derivedFrom, directionConflict } from "./verify-change.js";
import { quantities } from "./verify-numbers.js";

const q = (text: string) => {
  const [first] = quantities(text);
  if (!first) throw new Error(`no quantity in ${text}`);
  return first;
};

describe("derivedFrom", () => {
  const stated = quantities("from $13,000 million in 2019 to $17,455 million in 2021");

  it("accepts a change, a percent change or a ratio of two stated values", () => {
    expect(derivedFrom(q("an increase of $4,455 million"), stated)).toBe(true);
    expect(derivedFrom(q("about $4.5 billion"), stated)).toBe(true);
    expect(derivedFrom(q("up 34%"), stated)).toBe(true); // 4,455 / 13,000 = 34.3%
    expect(derivedFrom(q("1.34x"), stated)).toBe(true);
  });

  it("rejects a change the stated values do not give, and years", () => {
    expect(derivedFrom(q("an increase of $4,545 million"), stated)).toBe(false);
    expect(derivedFrom(q("up 43%"), stated)).toBe(false);
    expect(derivedFrom(q("in 2021"), stated)).toBe(false);
    expect(derivedFrom(q("an increase of $4,455 million"), stated.slice(0, 2))).toBe(false);
  });
});

describe("directionConflict", () => {
  const check = (text: string) => directionConflict(text, quantities(text));

  it("fails a rise stated as a fall and the reverse", () => {
    expect(check("R&D expense fell from $4,836 million in 2019 to $2,054 million in 2021.")).toBeNull();
    expect(check("R&D expense rose from $4,836 million in 2019 to $2,054 million in 2021.")).toMatch(
      /a fall/,
    );
    expect(check("Revenue decreased from $13,000 million to $17,455 million.")).toMatch(/a rise/);
  });

  it("leaves sentences without a from … to, or with both verbs, alone", () => {
    expect(check("Revenue rose to $17,455 million in 2021.")).toBeNull();
    expect(check("Costs rose while revenue fell from 10 to 8.")).toBeNull();
  });
});
