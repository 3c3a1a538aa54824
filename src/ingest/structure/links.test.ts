import { describe, expect, it } from "vitest";
import { docKey, matchDocument, resolveHref } from "./links.js";

describe("links", () => {
  it("keys documents without extension, index or trailing slash", () => {
    expect(docKey("file:///site/install/index.html")).toBe("file:///site/install");
    expect(docKey("file:///site/install/")).toBe("file:///site/install");
    expect(docKey("file:///docs/objects.mdx#x")).toBe("file:///docs/objects");
  });

  it("resolves relative hrefs and keeps fragments", () => {
    expect(resolveHref("../install/#setup", "file:///site/workflow/index.html")).toEqual({
      target_url: "file:///site/install/",
      fragment: "setup",
      external: false,
    });
    expect(resolveHref("https://example.com/a", "file:///x.md")?.external).toBe(true);
  });

  it("matches site-absolute links by their trailing path segments", () => {
    const docs = new Map([
      ["file:///corpora/aptos-docs/smart-contracts/objects", "d1"],
      ["file:///corpora/aptos-docs/smart-contracts/object/using-objects", "d2"],
      ["file:///corpora/aptos-docs/smart-contracts", "d3"],
    ]);
    expect(matchDocument("file:///build/smart-contracts/objects", docs)).toBe("d1");
    expect(matchDocument("file:///build/smart-contracts/object/using-objects", docs)).toBe("d2");
    expect(matchDocument("file:///build/smart-contracts", docs)).toBe("d3");
    expect(matchDocument("file:///build/elsewhere/thing", docs)).toBeNull();
  });
});
