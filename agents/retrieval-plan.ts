import type { AskMode } from "./graph-state.js";
import type { Route } from "./schemas.js";

export type ToolName =
  | "vector_search"
  | "hybrid_search"
  | "ppr_search"
  | "vector_cypher"
  | "graph_paths"
  | "community_search"
  | "temporal_lookup"
  | "graph_mode";

export interface PlannedCall {
  tool: ToolName;
  input: Record<string, string | number | boolean>;
}

export interface RetrievalPlan {
  strategy: string;
  calls: PlannedCall[];
  /** What changed from the previous attempt (empty on the first). */
  widened: string;
  /** Fallbacks to say in the trace. */
  notes: string[];
  /** Temporal route: put passages naming the question's dates first. */
  dateBoost: boolean;
}

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
 * Which tools a question's route (or the forced mode) runs on each attempt. Attempt 0 is the
 * route's strategy; each retry after a low grade widens it: more candidates and seeds, one more
 * hop of traversal, structure expansion, then a second query and graph neighbours (attempt 2).
 * Pure, so the trace can say exactly what was run.
 */
export function planRetrieval(mode: AskMode, route: Route, attempt: number, question: string): RetrievalPlan {
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
  const WIDE_K = ["", "k 30→60, structure expansion on", "k 60→100, second query"];
  switch (mode) {
    case "vector":
      return plan(
        "forced vector_search",
        [{ tool: "vector_search", input: { query: q, k: [20, 40, 80][attempt] ?? 80 } }],
        ["", "k 20→40", "k 40→80"],
      );
    case "hybrid":
      return plan(
        "forced hybrid_search",
        [{ tool: "hybrid_search", input: { query: q, k, expand: attempt > 0 } }],
        WIDE_K,
      );
    case "graph":
      return plan(
        "forced graph mode (blended hybrid + PPR + structure)",
        [{ tool: "graph_mode", input: { query: q, k } }],
        ["", "k 30→60", "k 60→100"],
      );
    case "vector_cypher":
      return plan(
        "forced vector_cypher",
        [cypher(q, attempt)],
        ["", "seeds 5→10, depth 2→3", "seeds 10→15, depth 3→4"],
      );
    case "agent":
      break;
  }
  switch (route) {
    case "simple":
      return plan(
        "simple → hybrid_search",
        multi([
          { tool: "hybrid_search", input: { query: q, k, expand: attempt > 0 } },
          ...(attempt >= 2
            ? [{ tool: "vector_search" as const, input: { query: q, k: 30 } }, cypher(q, 0)]
            : []),
        ]),
        [...WIDE_K.slice(0, 2), "k 60→100, second query, vector search and graph neighbours (vector_cypher)"],
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
      return plan(
        "multi_hop → ppr_search + graph_paths",
        multi([
          { tool: "ppr_search", input: { query: q, k } },
          { tool: "graph_paths", input: { query: q, max_hops: 3 + Math.min(attempt, 2) } },
        ]),
        ["", "k 30→60, path hops 3→4", "k 60→100, path hops 4→5, second query"],
      );
    case "global":
      return plan(
        "global → community_search (+ hybrid_search)",
        multi([
          {
            tool: "community_search",
            input: {
              query: q,
              communities: attempt > 0 ? 6 : 4,
              kind: attempt > 0 ? "both" : "section",
              passages: attempt > 0 ? 4 : 3,
            },
          },
          // Supporting call: fills the bundle when the store has no communities or they miss.
          { tool: "hybrid_search", input: { query: q, k: k + 10, expand: true } },
        ]),
        ["", "communities 4→6 of sections and entities, k 40→70", "k 70→110, second query"],
      );
    case "temporal":
      return plan(
        "temporal → temporal_lookup (+ hybrid_search on retries)",
        multi([
          { tool: "temporal_lookup", input: { query: q, k, candidates: Math.max(60, 2 * k) } },
          ...(attempt > 0 ? [{ tool: "hybrid_search" as const, input: { query: q, k, expand: true } }] : []),
        ]),
        WIDE_K,
        [],
        // temporal_lookup already lifts passages carrying the question's dates.
        false,
      );
  }
}

function cypher(query: string, attempt: number): PlannedCall {
  const a = Math.min(attempt, 2);
  return { tool: "vector_cypher", input: { query, seeds: [5, 10, 15][a] ?? 15, depth: 2 + a } };
}
