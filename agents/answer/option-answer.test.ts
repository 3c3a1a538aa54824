import { describe, expect, it } from "vitest";
import { answerAsOption } from "./option-answer.js";
import { titledEvidence as page } from "./test-evidence.js";

const ev = [
  page("S1", "Elm Keep", "Elm Keep is a castle built in the 13th century near Oakby."),
  page("S2", "Château de Varn", "Château de Varn is a castle in Varn-les-Bains, built in the 12th century."),
];
const read = (short: string, sid: string, text: string) => ({
  sentences: [{ text, cites: [sid] }],
  not_found: false,
  short_answer: short,
});

describe("answerAsOption", () => {
  const q = "Which castle is older, Elm Keep or Château de Varn?";

  it("turns a third name into the option whose passage the answer came from", () => {
    const draft = read("Varn-les-Bains", "S2", "Château de Varn is a castle in Varn-les-Bains.");
    expect(answerAsOption(q, draft, ev)).toMatchObject({ short_answer: "Château de Varn", not_found: false });
  });

  it("keeps an option said another way, and answers nothing when the passage is neither option's", () => {
    const said = read("the Château de Varn", "S2", "Château de Varn is a castle.");
    expect(answerAsOption(q, said, ev)).toBe(said);
    const other = [...ev, page("S3", "Oakby", "Oakby is a village with a market.")];
    const stray = read("Oakby Market", "S3", "Oakby is a village with a market.");
    expect(answerAsOption(q, stray, other)).toMatchObject({ not_found: true, short_answer: null });
  });

  it("leaves questions that offer no choice alone", () => {
    const draft = read("Varn-les-Bains", "S2", "Château de Varn is a castle in Varn-les-Bains.");
    expect(answerAsOption("Where is Château de Varn?", draft, ev)).toBe(draft);
    expect(answerAsOption("What is Elm Keep: Part I or Château de Varn about?", draft, ev)).toBe(draft);
    // Set against two things, the answer is a third: "cheapest, compared with A or B?".
    const cheapest = read("Elm Keep", "S1", "Elm Keep is a castle built in the 13th century.");
    const against = "Which castle is the oldest, compared with Oak Hall or Château de Varn?";
    expect(answerAsOption(against, cheapest, ev)).toBe(cheapest);
  });
});
