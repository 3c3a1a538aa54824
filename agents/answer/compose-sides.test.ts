import { describe, expect, it } from "vitest";
import { composeSides, parseSides } from "./compose-sides.js";
import { evidence } from "./test-evidence.js";

const table = (builder: string) =>
  [
    "Parameter | Options | Note",
    "ner_model | llm_ner by default | Entity preset.",
    `builder | ${builder} by default | Builder preset.`,
  ].join("\n");

describe("composeSides", () => {
  it("parses the thing compared and its two sides", () => {
    expect(
      parseSides("How do the default builders differ between the alpha and beta config presets?"),
    ).toEqual({
      topic: "default builders config presets",
      a: "alpha",
      b: "beta",
    });
    expect(parseSides("What is the difference in fees between Plan A and Plan B?")).toEqual({
      topic: "fees",
      a: "Plan A",
      b: "Plan B",
    });
    expect(parseSides("How does caching work?")).toBeNull();
  });

  it("reads each side from the passage whose heading names it, the same row on both sides", () => {
    const draft = composeSides("How do the default builders differ between the alpha and beta presets?", [
      evidence("S1", table("alpha_builder"), { heading_path: ["Config", "Defaults in alpha/index.yaml"] }),
      evidence("S2", "Both alpha and beta ship builders.", { heading_path: ["Config", "alpha and beta"] }),
      evidence("S3", table("graph_builder"), { heading_path: ["Config", "Defaults in beta/index.yaml"] }),
    ]);
    expect(draft?.sentences).toEqual([
      {
        text: "In alpha: Parameter: builder; Options: alpha_builder by default; Note: Builder preset.",
        cites: ["S1"],
      },
      {
        text: "In beta: Parameter: builder; Options: graph_builder by default; Note: Builder preset.",
        cites: ["S3"],
      },
    ]);
  });

  it("gives nothing when one side has no passage of its own", () => {
    const q = "How do the default builders differ between the alpha and beta presets?";
    expect(composeSides(q, [evidence("S1", table("x"), { heading_path: ["alpha and beta"] })])).toBeNull();
  });
});
