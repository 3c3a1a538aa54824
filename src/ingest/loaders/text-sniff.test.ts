import { describe, expect, it } from "vitest";
import { AgrError } from "../../errors.js";
import { assertText } from "./text-sniff.js";

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("assertText", () => {
  it("decodes UTF-8 and drops a BOM", () => {
    expect(assertText(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("héllo")]), "a.md")).toBe("héllo");
  });

  it.each([
    ["an empty file", new Uint8Array(), "empty file"],
    ["a whitespace-only file", bytes(" \n\t\n"), "empty file"],
    ["NUL bytes", bytes("# Title\0\u0001 tail"), "binary content (NUL bytes / invalid UTF-8)"],
    [
      "invalid UTF-8",
      new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x41]),
      "binary content (NUL bytes / invalid UTF-8)",
    ],
  ])("rejects %s with a user error", (_, data, message) => {
    let error: unknown;
    try {
      assertText(data, "/docs/page.md");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AgrError);
    expect((error as AgrError).kind).toBe("user");
    expect((error as AgrError).message).toContain("page.md");
    expect((error as AgrError).message).toContain(message);
  });
});
