import { describe, expect, it } from "vitest";
import type { Triplet } from "../../tools/tool-result.js";
import { orderSwap, tripletSwap } from "./verify-order.js";

const LINE = "In December 2020, Uber acquired Postmates for about $3.9 billion.";

describe("orderSwap", () => {
  it("fails a sentence that swaps who did what to whom", () => {
    expect(orderSwap("Postmates acquired Uber.", LINE)).not.toBeNull();
    expect(orderSwap("Uber was acquired by Postmates.", LINE)).not.toBeNull();
    expect(
      orderSwap(
        "The user profile MGR specifies a group profile of JANE.",
        "The user profile JANE specifies a group profile of MGR.",
      ),
    ).not.toBeNull();
    // Common nouns, no names: the tight "x verb y" reversed.
    expect(
      orderSwap("The lessee pays the lessor monthly.", "The lessor pays the lessee monthly."),
    ).not.toBeNull();
  });

  it("passes the same order, a passive that reverses it, and lists in another order", () => {
    expect(orderSwap("Uber acquired Postmates in 2020.", LINE)).toBeNull();
    expect(orderSwap("Postmates was acquired by Uber in 2020.", LINE)).toBeNull();
    expect(
      orderSwap("ALICE calls proc1, which is owned by JOE.", "ALICE calls proc1, owned by JOE."),
    ).toBeNull();
    expect(
      orderSwap("Mobility and Delivery revenue grew.", "Delivery and Mobility revenue grew."),
    ).toBeNull();
    expect(orderSwap("Revenue increased by 57% in 2021.", "Revenue increased 57% in 2021.")).toBeNull();
  });
});

const fact = (subject: string, predicate: string, object: string): Triplet => ({
  subject,
  predicate,
  object,
  relation_id: "rel:1",
  chunk_id: "chk:s1",
  evidence: "",
  hops: 0,
});

describe("tripletSwap", () => {
  const facts = [fact("Uber", "acquire", "Postmates")];

  it("fails a sentence stating a known fact the other way round", () => {
    expect(tripletSwap("Postmates acquired Uber in 2020.", facts)).toMatch(/other way round/);
    expect(tripletSwap("Uber was acquired by Postmates.", facts)).toMatch(/rel:1/);
  });

  it("passes the fact as stated, its passive, a possessive, and symmetric facts", () => {
    expect(tripletSwap("Uber acquired Postmates.", facts)).toBeNull();
    expect(tripletSwap("Postmates was acquired by Uber.", facts)).toBeNull();
    expect(tripletSwap("Acme's CEO is Alice.", [fact("Alice", "ceo", "Acme")])).toBeNull();
    const both = [fact("Ron", "settle with", "Google"), fact("Google", "settle with", "Ron")];
    expect(tripletSwap("Google settled with Ron.", both)).toBeNull();
  });
});
