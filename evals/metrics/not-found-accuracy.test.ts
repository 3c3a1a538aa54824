import { describe, expect, it } from "vitest";
import { isNullQuery, notFoundAccuracy } from "./not-found-accuracy.js";

describe("not-found accuracy", () => {
  it("scores null queries and answerable ones separately", () => {
    const r = notFoundAccuracy([
      { isNull: true, notFound: true },
      { isNull: true, notFound: true },
      { isNull: true, notFound: false },
      { isNull: false, notFound: true },
      { isNull: false, notFound: false },
      { isNull: false, notFound: false },
      { isNull: false, notFound: false },
    ]);
    expect(r).toEqual({ accuracy: 2 / 3, nulls: 3, false_not_found: 0.25, answerable: 4 });
  });

  it("is null when a side is empty", () => {
    expect(notFoundAccuracy([{ isNull: false, notFound: false }]).accuracy).toBeNull();
    expect(notFoundAccuracy([]).false_not_found).toBeNull();
  });

  it("recognises MultiHop-RAG null queries by type or by their answer", () => {
    expect(isNullQuery({ type: "null_query", answers: ["x"] })).toBe(true);
    expect(isNullQuery({ answers: ["Insufficient information."] })).toBe(true);
    expect(isNullQuery({ type: "inference_query", answers: ["Google"] })).toBe(false);
    expect(isNullQuery({ answers: [] })).toBe(false);
  });
});
