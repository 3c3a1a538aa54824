import type { AnchorCall, PlannedCall, RetrievalPlan } from "./retrieval-plan.js";
import type { Route } from "./schemas.js";

const WORDS_TO_DROP =
  /^(what|which|when|where|who|whom|whose|how|why|does|did|do|was|were|is|are|the|that|this|these|those|with|from|into|about|there|their|have|has|had|been|being|according|between)$/i;

/** The question without its question words: a second query for multi-query widening. */
export function keywordQuery(question: string): string {
  return question
    .replace(/[?!.,;:"“”()]/g, " ")
    .split(/\s+/)
    .filter((w) => w.length > 2 && !WORDS_TO_DROP.test(w))
    .join(" ");
}

/**
 * A plan builder for one attempt: `plan` fills in what this attempt widened, `multi` adds the
 * keyword query from attempt 2, `k` is the attempt's candidate count.
 */
export function planBuilder(attempt: number, question: string) {
  const q = question;
  const kw = keywordQuery(question);
  const multi = (calls: PlannedCall[]): PlannedCall[] =>
    attempt >= 2 && kw && kw !== q
      ? [...calls, { tool: "hybrid_search", input: { query: kw, k: 60 } }]
      : calls;
  const plan = (
    strategy: string,
    calls: PlannedCall[],
    widened: string[],
    notes: string[] = [],
    dateBoost = false,
  ) => ({
    strategy,
    calls,
    widened: widened[Math.min(attempt, widened.length - 1)] ?? "",
    notes,
    dateBoost,
  });
  const k = [30, 60, 100][Math.min(attempt, 2)] ?? 100;
  return { plan, multi, k };
}

/**
 * The route's own strategy on each attempt (the agent mode; forced modes are in retrieval-plan.ts).
 * Pure, so the trace can say exactly what was run.
 */
export function routePlan(route: Route, attempt: number, question: string): RetrievalPlan {
  const q = question;
  const { plan, multi, k } = planBuilder(attempt, question);
  // Dense search's first passage stays within the evidence's first two, its second within the
  // first five (a reorder of the bundle, see anchor-evidence.ts). PPR's first place is often a
  // passage one entity hop away, and dense's best then fell to rank 3+ (HotpotQA dev MRR: dense
  // .946, agent .843). With it, HotpotQA dev agent R@5 .855 → .875, R@2 .610 → .655, MRR .843 →
  // .858; MuSiQue R@5 .839 and 2Wiki .990 unchanged (MuSiQue R@2 .656 → .642). Not first: PPR's
  // first is right more often where the bridge passage shares no words with the question (dense
  // first, replayed on the dev rankings: MuSiQue R@2 → .629).
  const anchor: AnchorCall = { call: { tool: "vector_search", input: { query: q, k: 2 } }, within: [2, 5] };
  const anchored = (p: RetrievalPlan): RetrievalPlan => ({
    ...p,
    anchor,
    notes: [...p.notes, "dense search's best two passages kept near the top (within 2 and 5)"],
  });
  switch (route) {
    case "simple":
      return anchored(
        plan(
          // ppr_search ranks document lookups better than hybrid_search alone (docqa dev, a tuning set:
          // long one-passage questions answered .51 vs .49, fewer false refusals); the retry switches to it.
          "simple → ppr_search + graph_paths",
          multi([
            { tool: "ppr_search", input: { query: q, k } },
            { tool: "graph_paths", input: { query: q, max_hops: 3 + Math.min(attempt, 2) } },
            ...(attempt >= 2
              ? [{ tool: "vector_search" as const, input: { query: q, k: 30 } }, cypher(q, 0)]
              : []),
          ]),
          [
            "",
            "k 30→60, path hops 3→4",
            "k 60→100, path hops 4→5, second query, vector search and graph neighbours (vector_cypher)",
          ],
        ),
      );
    case "relation":
      // ppr_search ranks the evidence (2Wiki dev relation questions: Recall@5 .797 with
      // vector_cypher alone → .901); vector_cypher still brings the facts the answer compares.
      return plan(
        "relation → ppr_search + vector_cypher",
        attempt >= 2
          ? multi([
              { tool: "ppr_search", input: { query: q, k } },
              cypher(q, attempt),
              { tool: "hybrid_search", input: { query: q, k: 60, expand: true } },
            ])
          : [{ tool: "ppr_search", input: { query: q, k } }, cypher(q, attempt)],
        [
          "",
          "k 30→60, seeds 5→10, depth 2→3",
          "k 60→100, seeds 10→15, depth 3→4, plus hybrid_search and a second query",
        ],
      );
    case "multi_hop":
      // A chain the rules did not plan follows its best passage's names (retrieve/bridge-beam.ts);
      // not a relation question, whose evidence is the named things' own passages.
      return {
        ...anchored(
          plan(
            "multi_hop → ppr_search + graph_paths",
            multi([
              { tool: "ppr_search", input: { query: q, k } },
              { tool: "graph_paths", input: { query: q, max_hops: 3 + Math.min(attempt, 2) } },
            ]),
            ["", "k 30→60, path hops 3→4", "k 60→100, path hops 4→5, second query"],
          ),
        ),
        beam: true,
      };
    case "global":
      return plan(
        "global → hybrid_search + community_search",
        multi([
          // Primary: a global question about one document ("the main items of line X") needs its
          // passages first; the summaries then fill the bundle with the overview.
          { tool: "hybrid_search", input: { query: q, k: k + 10, expand: true } },
          {
            tool: "community_search",
            input: {
              query: q,
              communities: attempt > 0 ? 6 : 4,
              kind: attempt > 0 ? "both" : "section",
              passages: attempt > 0 ? 4 : 3,
            },
          },
        ]),
        ["", "communities 4→6 of sections and entities, k 40→70", "k 70→110, second query"],
      );
    case "temporal":
      return plan(
        // ppr_search leads: temporal_lookup alone picked the wrong year's table for "X in 2019
        // compared with 2021"; it adds the passages carrying the question's dates after it.
        "temporal → ppr_search + temporal_lookup",
        multi([
          { tool: "ppr_search", input: { query: q, k } },
          { tool: "temporal_lookup", input: { query: q, k, candidates: Math.max(60, 2 * k) } },
        ]),
        ["", "k 30→60", "k 60→100, second query"],
        [],
        false,
      );
  }
}

export function cypher(query: string, attempt: number): PlannedCall {
  const a = Math.min(attempt, 2);
  return { tool: "vector_cypher", input: { query, seeds: [5, 10, 15][a] ?? 15, depth: 2 + a } };
}
