import { describe, expect, it } from "vitest";
import { DEFAULT_READER, readAnswer } from "./compose-answer.js";
import { subjectLinks } from "./subject-links.js";
import { evidence } from "./test-evidence.js";

describe("subjectLinks: a span read with another document's sentence naming its passage's subject", () => {
  const honours = evidence(
    "S1",
    "The 1925 Elm Honours were appointments by King Ed IV to various orders. They were published on 3 June 1925.",
    { title: "1925 Elm Honours", heading_path: ["1925 Elm Honours"], doc_id: "doc:h" },
  );
  const king = evidence(
    "S2",
    "Ed IV (Edward Albert; 3 June 1865 – 20 January 1936) was King of Elmland from 1910 until his death.",
    { title: "Ed IV", heading_path: ["Ed IV"], doc_id: "doc:k" },
  );

  it("keys another document's sentences naming the subject by the subject's passage", () => {
    expect(
      subjectLinks([honours, king])
        .get("S2")
        ?.map((l) => l.text),
    ).toEqual(["The 1925 Elm Honours were appointments by King Ed IV to various orders."]);
    // The same document's sentences are no bridge.
    expect(subjectLinks([honours, { ...king, doc_id: "doc:h" }]).get("S2")).toBeUndefined();
  });

  it("links no section by a sentence opening with its common-noun heading", () => {
    const setup = evidence("S1", "Installation takes 45 minutes on a laptop.", {
      heading_path: ["Guide"],
      doc_id: "doc:g",
    });
    const install = evidence("S2", "Installation copies the files to the disk.", {
      heading_path: ["Installation"],
      doc_id: "doc:i",
    });
    expect(subjectLinks([setup, install]).get("S2")).toBeUndefined();
  });

  it("answers a bridge question from the subject's passage", () => {
    // Read as a chained question, as the agent reads one routed multi-hop.
    const r = readAnswer("In which year was the king who made the 1925 Elm Honours born?", [honours, king], {
      ...DEFAULT_READER,
      chained: true,
    });
    expect(r.draft.short_answer).toBe("1865");
  });
});
