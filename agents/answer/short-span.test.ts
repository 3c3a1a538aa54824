import { describe, expect, it } from "vitest";
import { shortSpan } from "./short-span.js";

describe("shortSpan", () => {
  it("drops a bracket the span opens and never closes", () => {
    expect(shortSpan("(3,677 seated")).toBe("3,677 seated");
    expect(shortSpan("(20%")).toBe("20%");
  });
  it("keeps a closed bracket (a negative amount) and any other span", () => {
    expect(shortSpan("(1,234)")).toBe("(1,234)");
    expect(shortSpan("230 tournaments")).toBe("230 tournaments");
    expect(shortSpan(null)).toBeNull();
  });
});
