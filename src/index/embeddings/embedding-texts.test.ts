import { describe, expect, it } from "vitest";
import { anchorText, chunkHeadingPath, chunkPassageText, embeddingKey } from "./embedding-texts.js";

const section = { breadcrumbs: "Guide > Setup", heading_path: ["Setup"] };
const chunk = { text: "Install the tool.", subheadings: ["Linux"] };

describe("embedding texts", () => {
  it("puts the heading path above the chunk text, the breadcrumbs in the heading vector", () => {
    expect(chunkHeadingPath(chunk, section)).toBe("Guide > Setup > Linux");
    expect(chunkPassageText(chunk, section)).toBe("Setup > Linux\n\nInstall the tool.");
    expect(chunkPassageText({ text: "x", subheadings: [] }, undefined)).toBe("x");
    expect(chunkHeadingPath({ subheadings: [] }, { breadcrumbs: "Setup > setup > Linux" })).toBe(
      "Setup > Linux",
    );
  });

  it("dedupes anchor texts and drops bare URLs", () => {
    expect(anchorText(["the  reference", "The reference", "https://x.y/z", " ", "options"])).toBe(
      "The reference\noptions",
    );
  });

  it("keys the cache by kind and exact text", () => {
    expect(embeddingKey("text", "a")).toBe(embeddingKey("text", "a"));
    expect(embeddingKey("text", "a")).not.toBe(embeddingKey("heading", "a"));
    expect(embeddingKey("text", "a")).not.toBe(embeddingKey("text", "a "));
  });
});
