import { describe, expect, it } from "vitest";
import { completeIntroductions } from "./introduced-block.js";
import { evidence } from "./test-evidence.js";

const intro = "There is a shortcut for a package with one script, the below command:";
const s1 = evidence("S1", `Scripts compile with the CLI. ${intro}`, {
  section_id: "sec:a",
  char_start: 100,
  char_end: 190,
});
const s2 = evidence("S2", "tool move compile-script\n", {
  section_id: "sec:a",
  char_start: 192,
  char_end: 217,
});
const ev = [
  s1,
  s2,
  evidence("S3", "tool move other", { section_id: "sec:b", char_start: 192, char_end: 207 }),
];

describe("completeIntroductions", () => {
  it("completes a sentence ending on a colon with the first line of the passage right after it", () => {
    const [s] = completeIntroductions([{ text: intro, cites: ["S1"] }], ev);
    expect(s).toEqual({ text: `${intro} tool move compile-script`, cites: ["S1", "S2"] });
  });

  it("leaves it when the next passage is elsewhere, the colon is mid-passage, or no colon ends it", () => {
    const far = [s1, { ...s2, char_start: 400 }];
    expect(completeIntroductions([{ text: intro, cites: ["S1"] }], far)[0]?.text).toBe(intro);
    const mid = [{ ...s1, text: `${intro} Then run it.` }, s2];
    expect(completeIntroductions([{ text: intro, cites: ["S1"] }], mid)[0]?.text).toBe(intro);
    const plain = { text: "Scripts compile with the CLI.", cites: ["S1"] };
    expect(completeIntroductions([plain], ev)[0]).toEqual(plain);
  });
});
