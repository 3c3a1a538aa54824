import { describe, expect, it } from "vitest";
import { expectedAnswer } from "./answer-type.js";
import { composeList } from "./compose-list.js";
import { questionCues } from "./question-cues.js";
import { evidence } from "./test-evidence.js";

const q = "What are the main features the documentation highlights?";
const cues = questionCues(q, expectedAnswer(q));

describe("composeList", () => {
  it("states the items of the passage whose heading names what is asked, in one cited sentence", () => {
    const list = composeList(
      [
        evidence("S1", "The project started in 2023 and gained many users.", { heading_path: ["History"] }),
        evidence(
          "S2",
          "- Graph Index: a universal index of structure.\n- Efficiency: one-step retrieval.\n- Interpretability: reasoning paths.",
          { heading_path: ["Overview", "Features"] },
        ),
      ],
      cues,
    );
    expect(list?.sentences).toEqual([
      { text: "Features: Graph Index; Efficiency; Interpretability.", cites: ["S2"] },
    ]);
  });

  it("continues a list the chunker cut with the section's next passage, citing both", () => {
    const at = (start: number, text: string) => ({
      heading_path: ["Overview", "Features"],
      section_id: "sec:f",
      char_start: start,
      char_end: start + text.length,
    });
    const first = "The main features are:\n- Graph Index: a universal index.";
    const rest = "- Efficiency: one-step retrieval.\n- Interpretability: reasoning paths.";
    const list = composeList(
      [evidence("S1", first, at(0, first)), evidence("S2", rest, at(first.length + 1, rest))],
      cues,
    );
    expect(list?.sentences).toEqual([
      { text: "The main features are: Graph Index; Efficiency; Interpretability.", cites: ["S1", "S2"] },
    ]);
  });

  it("falls back to the passage's statements when it holds no list", () => {
    const list = composeList(
      [
        evidence(
          "S1",
          "The main features are speed and safety. Both are measured in every release of the tool.",
          {
            heading_path: ["Features"],
          },
        ),
      ],
      cues,
    );
    expect(list?.sentences.map((s) => s.cites)).toEqual([["S1"], ["S1"]]);
    expect(composeList([], cues)).toBeNull();
  });
});
