import { describe, expect, it } from "vitest";
import { pointerQuery } from "./pointer-query.js";

describe("pointerQuery", () => {
  it("asks the source last pointed at for the asking sentence, with the context's names", () => {
    expect(
      pointerQuery(
        "The Overview section says Acme bought the rest of Widgetco in 2021 and points to the acquisitions note. What price does that note give?",
      ),
    ).toBe("acquisitions note Acme Widgetco What price does that note give?");
  });

  it("reads numbered parts and pointers inside the asking sentence", () => {
    expect(pointerQuery("Item 3 lists the matters detailed in Note 12. How much was paid?")).toBe(
      "Note 12 How much was paid?",
    );
    expect(pointerQuery("According to the debt note, what coupon do the notes pay?")).toBe(
      "debt note According to the debt note, what coupon do the notes pay?",
    );
  });

  it("finds no pointer in securities, bare or relative parts, or plain questions", () => {
    expect(pointerQuery("What is the conversion price of the 2025 Convertible Notes?")).toBeNull();
    expect(pointerQuery("What does the same section say about fees?")).toBeNull();
    expect(pointerQuery("What does that note say about fees?")).toBeNull();
    expect(pointerQuery("Who directed the film Titanic?")).toBeNull();
  });
});
