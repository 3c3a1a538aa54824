import { describe, expect, it } from "vitest";
import { diversify } from "./diversify.js";

const c = (id: string, section_id: string, locus = "doc", tokens = 100) => ({
  id,
  section_id,
  locus,
  tokens,
});

describe("diversify", () => {
  it("caps chunks per section and per page, keeping rank order", () => {
    const ranked = [c("a", "s1"), c("b", "s1"), c("c", "s1"), c("d", "s2", "p2"), c("e", "s3", "p3")];
    const out = diversify(ranked, 10_000, { perSection: 2, perPageOrFile: 3, min: 0, max: 12 });
    expect(out.map((x) => x.id)).toEqual(["a", "b", "d", "e"]);
  });
  it("fills up to the minimum with skipped chunks and respects the token budget", () => {
    const ranked = [c("a", "s1"), c("b", "s1"), c("c", "s1"), c("d", "s1")];
    expect(
      diversify(ranked, 10_000, { perSection: 1, perPageOrFile: 9, min: 3, max: 12 }).map((x) => x.id),
    ).toEqual(["a", "b", "c"]);
    expect(
      diversify(ranked, 250, { perSection: 9, perPageOrFile: 9, min: 3, max: 12 }).map((x) => x.id),
    ).toEqual(["a", "b"]);
  });
});
