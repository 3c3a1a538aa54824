import { describe, expect, it } from "vitest";
import { abbreviates } from "./acronym-alias.js";

const at = (context: string, span: string) => abbreviates(span, context, context.indexOf(`(${span}`) + 1);

describe("abbreviates", () => {
  it("reads a bracketed acronym as the words right before it", () => {
    expect(at("Elm Data Services Limited (EDS) is a firm", "EDS")).toBe("Elm Data Services");
    expect(at("an information technology (IT) service", "IT")).toBe("information technology");
    expect(at("the Bank of Upper Vale (BUV) said", "BUV")).toBe("Bank of Upper Vale");
  });
  it("leaves an acronym that abbreviates something else, or stands free", () => {
    expect(at("a merger with Orbis (EDS) in 1990", "EDS")).toBeNull();
    expect(abbreviates("EDS", "EDS is based in Elmton.", 0)).toBeNull();
    expect(abbreviates("Elmton", "based in (Elmton)", 10)).toBeNull();
  });
});
