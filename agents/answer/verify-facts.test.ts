import { describe, expect, it } from "vitest";
import type { Triplet } from "../../tools/tool-result.js";
import { evidence } from "./test-evidence.js";
import { verifyDraft } from "./verify-answer.js";
import { verifyAgainstFacts } from "./verify-facts.js";

const EV = [
  evidence("S1", "In December 2020, Uber acquired Postmates for about $3.9 billion."),
  evidence("S2", "Alice Smith became CEO of Acme in 2019."),
  evidence("S3", "Alice Smith has served as CEO of Globex since 2020."),
];
const fact = (subject: string, predicate: string, object: string, chunk: string, from?: string): Triplet => ({
  subject,
  predicate,
  object,
  relation_id: `rel:${object.toLowerCase()}`,
  chunk_id: chunk,
  evidence: "",
  hops: 0,
  ...(from ? { valid_from: from } : {}),
});
const FACTS = [
  fact("Uber", "acquire", "Postmates", "chk:s1"),
  fact("Alice Smith", "ceo of", "Acme", "chk:s2", "2019-01-01"),
  fact("Alice Smith", "ceo of", "Globex", "chk:s3", "2020-01-01"),
  fact("Alice Smith", "ceo of", "Initech", "chk:elsewhere"),
];

describe("verifyAgainstFacts", () => {
  it("drops a sentence that swaps a known fact (its passage alone cannot tell) and the short answer with it", () => {
    // The lexical pass keeps it when the passage is a bare list of names; the triplet knows the direction.
    const first = verifyDraft(
      {
        sentences: [{ text: "Postmates acquired Uber [S1].", cites: ["S1"] }],
        not_found: false,
        short_answer: "Uber",
      },
      [evidence("S1", "Acquisitions: Uber, Postmates (acquired), 2020.")],
    );
    expect(first.report.checks[0]?.verdict).toBe("supported");
    const { draft, report } = verifyAgainstFacts(first, FACTS, EV);
    expect(report.checks[0]).toMatchObject({
      verdict: "dropped",
      reasons: [expect.stringMatching(/other way round/)],
    });
    expect(report).toMatchObject({ sentences: 1, supported: 0, dropped: 1 });
    expect(draft).toEqual({ sentences: [], not_found: true, short_answer: null });
  });

  it("reports the answer's clash with a fact and the facts' own clash, each citing its sources", () => {
    const first = verifyDraft(
      { sentences: [{ text: "Alice Smith is the CEO of Acme [S2].", cites: ["S2"] }], not_found: false },
      EV,
    );
    const { draft, report } = verifyAgainstFacts(first, FACTS, EV);
    expect(draft.sentences).toHaveLength(1);
    const claim = report.contradictions.find((c) => c.claim);
    expect(claim).toMatchObject({ objects: ["Acme", "Globex"], relation_ids: ["rel:globex"] });
    expect(claim?.sources).toEqual([
      { object: "Acme", cites: ["S2"] },
      { object: "Globex", cites: ["S3"] },
    ]);
    const facts = report.contradictions.find((c) => !c.claim);
    expect(facts).toMatchObject({ objects: ["Acme", "Globex"], relation_ids: ["rel:acme", "rel:globex"] });
    // Initech's fact comes from a passage outside the bundle: not something the answer rests on.
    expect(report.contradictions.flatMap((c) => c.objects)).not.toContain("Initech");
  });

  it("a claim dated outside the other fact's validity is no clash", () => {
    const first = verifyDraft(
      {
        sentences: [{ text: "Alice Smith became CEO of Acme in 2019 [S2].", cites: ["S2"] }],
        not_found: false,
      },
      EV,
    );
    expect(verifyAgainstFacts(first, FACTS, EV).report.contradictions.filter((c) => c.claim)).toEqual([]);
  });
});
