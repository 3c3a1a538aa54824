import { describe, expect, it } from "vitest";
import { InlineText } from "./inline-text.js";

describe("InlineText", () => {
  it("collapses whitespace and keeps link offsets on the final text", () => {
    const t = new InlineText();
    t.text("  See\n the ");
    const start = t.beginLink();
    t.text("  install   page ");
    t.endLink(start, "../install/");
    t.text(" now. ");
    const { text, links } = t.finish();
    expect(text).toBe("See the install page now.");
    expect(links).toEqual([{ href: "../install/", text: "install page", offset: 8 }]);
  });

  it("escapes pipes in table mode and drops empty links", () => {
    const t = new InlineText({ singleLine: true, escapePipes: true });
    t.text("a|b");
    t.newline();
    t.endLink(t.beginLink(), "#x");
    expect(t.finish()).toEqual({ text: "a\\|b", links: [] });
  });
});
