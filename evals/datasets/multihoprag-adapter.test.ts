import { describe, expect, it } from "vitest";
import { adaptMultihopRag, articleId, type MhrArticle, type MhrQuery } from "./multihoprag-adapter.js";

const articles: MhrArticle[] = [
  {
    id: "mhr:1",
    title: "Lighthouse reopens",
    text: "The lighthouse reopened.",
    source: "Kessa Times",
    published_at: "2023-10-02T08:00:00+00:00",
    url: "https://x.test/a",
  },
  { title: "Wool prices climb", text: "Record prices.", url: "https://x.test/b" },
];

const query = (over: Partial<MhrQuery>): MhrQuery => ({
  id: "q",
  question: "?",
  answers: ["a"],
  type: "inference_query",
  evidence_list: [],
  ...over,
});

describe("adaptMultihopRag", () => {
  it("maps articles to passages with a byline and a stable id", () => {
    const { corpus } = adaptMultihopRag(articles, []);
    expect(corpus[0]).toEqual({
      id: "mhr:1",
      title: "Lighthouse reopens",
      text: "Kessa Times, 2023-10-02\nThe lighthouse reopened.",
    });
    // No id in the record: derived from the title like the shipped ids.
    expect(corpus[1]?.id).toBe(articleId({ title: "Wool prices climb" }));
    expect(corpus[1]?.id).toMatch(/^mhr:[0-9a-f]{16}$/);
    expect(corpus[1]?.text).toBe("Record prices.");
  });

  it("derives gold from evidence titles, then urls, then loosely matched titles", () => {
    const { questions, notes } = adaptMultihopRag(articles, [
      query({
        id: "q1",
        evidence_list: [
          { title: "Lighthouse reopens" },
          { title: "Other title", url: "https://x.test/b" },
          { title: "  LIGHTHOUSE   reopens " },
          { title: "Missing article" },
        ],
      }),
    ]);
    expect(questions[0]?.supporting_ids).toEqual(["mhr:1", articleId({ title: "Wool prices climb" })]);
    expect(notes.join(" ")).toMatch(/1 evidence items matched no article/);
  });

  it("keeps null queries without gold and says they are not scored", () => {
    const { questions, notes } = adaptMultihopRag(articles, [
      query({ id: "n", type: "null_query", supporting_ids: [] }),
      query({ id: "i", evidence_list: [{ title: "Lighthouse reopens" }] }),
    ]);
    expect(questions.map((q) => [q.id, q.supporting_ids, q.type])).toEqual([
      ["n", [], "null_query"],
      ["i", ["mhr:1"], "inference_query"],
    ]);
    expect(notes[1]).toMatch(/^1 of 2 queries have no gold passage \(null_query\).*excluded from recall/);
  });

  it("notes shipped supporting_ids that disagree with the mapping", () => {
    const { notes } = adaptMultihopRag(articles, [
      query({ supporting_ids: ["mhr:other"], evidence_list: [{ title: "Lighthouse reopens" }] }),
    ]);
    expect(notes.join(" ")).toMatch(/1 queries' shipped supporting_ids differ/);
  });
});
