import { describe, expect, it } from "vitest";
import { routeQuestion } from "../router/rule-router.js";
import { FinalAnswerSchema, NOT_FOUND_TEXT } from "../schemas.js";
import { answerFromBundle } from "./answer-from-bundle.js";
import { bundle, evidence } from "./test-evidence.js";

describe("answerFromBundle", () => {
  it("answers with [S#] sentences and a citations map for URL and PDF evidence", () => {
    const q = "What was Uber's total revenue in 2021?";
    const b = bundle(q, [
      evidence("S1", "Uber's total revenue was $17.5 billion in 2021, up 57% year-over-year.", { page: 53 }),
      evidence("S2", "Uber operates in more than 70 countries."),
    ]);
    const out = answerFromBundle(q, b, routeQuestion(q));
    expect(FinalAnswerSchema.parse(out.final)).toEqual(out.final);
    expect(out.final.not_found).toBe(false);
    expect(out.final.answer).toMatch(/\$17\.5 billion in 2021.*\[S1\]$/);
    expect(out.final.citations).toEqual([
      {
        S: "S1",
        chunk_id: "chk:s1",
        uri: "file:///r.pdf",
        page: 53,
        bbox: [{ page: 53, x0: 1, y0: 2, x1: 3, y1: 4 }],
        heading_path: ["Guide", "S1"],
      },
    ]);
    expect(out.verification).toMatchObject({ sentences: 1, supported: 1, dropped: 0 });
  });

  it("cites url#fragment evidence by its URL", () => {
    const q = "How do I mint coins with the coin module?";
    const b = bundle(q, [
      evidence("S1", "To mint coins, call coin::mint in the coin module with a MintCapability."),
    ]);
    const out = answerFromBundle(q, b, routeQuestion(q));
    expect(out.final.citations[0]).toMatchObject({
      S: "S1",
      uri: "file:///guide.md",
      url: "file:///guide.md#s1",
    });
  });

  it("returns the not-found text and no citations when nothing answers", () => {
    const q = "Which jersey number does Ellyse Perry wear for Australia?";
    const out = answerFromBundle(
      q,
      bundle(q, [evidence("S1", "The weather was mild in October.")]),
      routeQuestion(q),
    );
    expect(out.final).toMatchObject({ answer: NOT_FOUND_TEXT, not_found: true, citations: [] });
  });
});
