import { describe, expect, it } from "vitest";
import { codeNames } from "./load-neighbourhood.js";

describe("codeNames", () => {
  it("keeps identifier-like words only, with the last part of a path", () => {
    expect(codeNames("How do I call object::create_object with a ConstructorRef and init()?")).toEqual([
      "object::create_object",
      "create_object",
      "ConstructorRef",
      "init",
    ]);
    expect(codeNames("Where was the director of Kiss and Tell born?")).toEqual([]);
  });
});
