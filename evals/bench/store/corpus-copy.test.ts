import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../src/store/embedded/synthetic-vectors.js";
import { perturber, scopedRewriter } from "./corpus-copy.js";

describe("corpus copies", () => {
  it("renames document-scoped ids at any depth and leaves shared ones", () => {
    const rewrite = scopedRewriter(new Set(["chk:1", "sec:1"]));
    expect(rewrite({ id: "chk:1", section_id: "sec:1", refs: ["ent:x", "chk:1"] }, "~2")).toEqual({
      id: "chk:1~2",
      section_id: "sec:1~2",
      refs: ["ent:x", "chk:1~2"],
    });
  });

  it("perturbs the same way for the same seed, and not into a copy", () => {
    const perturb = perturber(["alpha", "beta"]);
    const text = Array.from({ length: 200 }, (_, i) => `w${i}`).join(" ");
    const a = perturb(text, seededRandom(3));
    expect(perturb(text, seededRandom(3))).toBe(a);
    expect(a).not.toBe(text);
    expect(a.split(" ").length).toBeLessThan(200);
  });
});
