import { describe, expect, it } from "vitest";
import { answerCandidates } from "./answer-candidates.js";
import { expectedAnswer } from "./answer-type.js";
import { DEFAULT_READER, readAnswer } from "./compose-answer.js";
import { questionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import { linkedShares, namedSubjectLinks, subjectLinks } from "./subject-links.js";
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

describe("namedSubjectLinks: a span's sentence read with the passage it names", () => {
  // Made-up names: "the university whose main campus is in Oakton" is Elmford University, whose
  // own passage says so; the song's sentence names the university only.
  const song = evidence("S1", "Elm Anthem (Hail the Green) is a fight song of Elmford University.", {
    heading_path: ["Elm Anthem"],
    section_id: "sec:song",
  });
  const uni = evidence(
    "S2",
    "Elmford University is a public university in Vale. Its main campus in Oakton is on Mount Brell; its branch campuses are in Dunmore.",
    { heading_path: ["Elmford University"], section_id: "sec:uni" },
  );
  const town = evidence("S3", "Oakton is a town on the Vale river with a large main square.", {
    heading_path: ["Oakton"],
    section_id: "sec:town",
  });
  const q =
    "What is the fight song of the university whose main campus is in Oakton and whose branch campuses are in Dunmore?";

  it("links the passages of other sections whose subject the sentence names", () => {
    const text = song.text;
    expect(namedSubjectLinks(text, "sec:song", [song, uni, town]).map((l) => l.name)).toEqual([
      "Elmford University",
    ]);
    // The sentence's own section is no other subject: read from the university's section, only the song's passage is.
    expect(namedSubjectLinks(text, "sec:uni", [song, uni, town]).map((l) => l.name)).toEqual(["Elm Anthem"]);
  });

  it("never links a span to its own passage: the bridge itself is read with its own lead", () => {
    const spans = answerCandidates({ type: "other", value: "other", rule: "default" }, [song, uni, town]);
    const bridge = spans.find((c) => c.sid === "S1" && c.span === "Elmford University");
    const anthem = spans.find((c) => c.sid === "S1" && c.span === "Elm Anthem");
    expect(anthem?.links?.map((l) => l.name)).toEqual(["Elmford University"]);
    expect(bridge?.links ?? []).toEqual([]);
  });

  it("answers with the span its sentence calls the thing asked, read with the passage it names", () => {
    const r = readAnswer(q, [town, uni, song], { ...DEFAULT_READER, chained: true });
    expect(r.draft.short_answer).toBe("Elm Anthem");
  });

  it("reads a forward link only for a span its sentence calls the thing asked, and never one the question names", () => {
    const links = namedSubjectLinks(song.text, "sec:song", [song, uni, town]);
    const c = { context: song.text, heading: "Elm Anthem", links };
    const cues = questionCues(q, expectedAnswer(q));
    const terms = (t: string) => new Set(readerTerms(t));
    expect(linkedShares(c, cues, terms(song.text), terms("Elm Anthem"), true)?.names).toBe(1);
    // "X is the second companion book to the Y series" calls X a book: no forward link is read.
    expect(linkedShares(c, cues, terms(song.text), terms("Elm Anthem"), false)).toBeUndefined();
    // A subject the question names is where it starts, not a bridge.
    const named = "What is the fight song of Elmford University?";
    expect(
      linkedShares(
        c,
        questionCues(named, expectedAnswer(named)),
        terms(song.text),
        terms("Elm Anthem"),
        true,
      ),
    ).toBeUndefined();
  });
});
