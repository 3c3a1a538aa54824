import { describe, expect, it } from "vitest";
import { identifiersIn } from "./identifier-query.js";

describe("identifiersIn", () => {
  it("finds snake_case names, module paths, flags, dotted paths and config file names", () => {
    expect(
      identifiersIn(
        "Does load_rows in app::io::reader read qa_inference.yaml when --dry-run is set, via app.workflow.qa?",
      ),
    ).toEqual(["load_rows", "app::io::reader", "qa_inference.yaml", "--dry-run", "app.workflow.qa"]);
  });

  it("leaves prose alone: names, hyphenated words, versions, abbreviations", () => {
    expect(
      identifiersIn("Who directed Jean-Luc's well-known film TraceMonkey in 2008, v1.2, e.g. U.S. cities?"),
    ).toEqual([]);
  });
});
