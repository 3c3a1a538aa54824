import { describe, expect, it } from "vitest";
import { hopSentence, referringSentence } from "./reference-hops.js";

describe("referringSentence", () => {
  it("returns the sentence or table row making the reference, cleaned", () => {
    const text = "The fleet grew. The lease terms for the vans are disclosed in Note 4. Costs fell.";
    expect(referringSentence(text, "Note 4")).toBe("The lease terms for the vans are disclosed in Note 4");
    expect(
      referringSentence("| Commitments and contingencies (Note 15) | | |\n| Total | 9 |", "Note 15"),
    ).toBe("Commitments and contingencies (Note 15)");
  });

  it("rejects mentions that are no reference: a number going on, a listing that opens with the locator", () => {
    expect(referringSentence("2025 Senior Note $ 1,052 2026 Senior Note 1,602", "Note 1")).toBeUndefined();
    expect(referringSentence("Item 1A. | Risk Factors | 11", "Item 1A")).toBeUndefined();
    expect(referringSentence("Note 4 Leases", "Note 4")).toBeUndefined();
    expect(referringSentence("Nothing here.", "Note 4")).toBeUndefined();
  });
});

describe("hopSentence", () => {
  it("joins the referring sentence, its passage's S# and the target's text under its heading", () => {
    const target = {
      text: "Note 4 Commitments\n\nPayments amount to 3,904 thousand euros.",
      heading_path: ["Report", "Note 4 Commitments"],
    };
    const hop = { sentence: "Terms are in Note 4", target };
    expect(hopSentence(hop, "S1")).toBe(
      "Terms are in Note 4 (S1); Note 4 Commitments: Payments amount to 3,904 thousand euros.",
    );
  });
});
