import { describe, expect, it } from "vitest";
import { createSlugger, slugify } from "./slugify.js";

describe("slugify (github-slugger rules)", () => {
  it.each([
    ["Dispatchable Fungible Asset (Advanced)", "dispatchable-fungible-asset-advanced"],
    ["📖 Learn Move", "-learn-move"],
    ["qa_inference.yaml", "qa_inferenceyaml"],
    ["C++ & C#", "c--c"],
    ["Привет мир", "привет-мир"],
  ])("%s → %s", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it("de-duplicates like github-slugger", () => {
    const slug = createSlugger();
    expect(["foo", "foo", "foo-1", "foo", "bar"].map(slug)).toEqual([
      "foo",
      "foo-1",
      "foo-1-1",
      "foo-2",
      "bar",
    ]);
  });
});
