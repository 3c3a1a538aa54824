/** The routes the agent's router chooses from (agents/schemas.ts ROUTES). */
export type RouteLabel = "simple" | "relation" | "multi_hop" | "global" | "temporal";

/**
 * MultiHop-RAG question types → the route they should take; the router's labelled set
 * (agents/router/questions.jsonl) uses the same mapping. Null queries are built like inference
 * queries, so they are multi-hop too.
 */
export const TYPE_ROUTE: Readonly<Record<string, RouteLabel>> = {
  temporal_query: "temporal",
  comparison_query: "relation",
  inference_query: "multi_hop",
  null_query: "multi_hop",
};

export interface RouterAccuracy {
  accuracy: number;
  /** Questions whose type maps to a route. */
  n: number;
  by_type: Record<string, { n: number; accuracy: number; predicted: Record<string, number> }>;
}

/**
 * Router accuracy against the dataset's question types; questions of unmapped types are left
 * out. Null when no question has a mapped type (e.g. HotpotQA's bridge/comparison).
 */
export function routerAccuracy(
  rows: ReadonlyArray<{ type?: string | undefined; route: string }>,
  mapping: Readonly<Record<string, RouteLabel>> = TYPE_ROUTE,
): RouterAccuracy | null {
  const by_type: RouterAccuracy["by_type"] = {};
  let n = 0;
  let correct = 0;
  for (const r of rows) {
    const gold = r.type === undefined ? undefined : mapping[r.type];
    if (r.type === undefined || gold === undefined) continue;
    const t = by_type[r.type] ?? { n: 0, accuracy: 0, predicted: {} };
    by_type[r.type] = t;
    t.n++;
    t.predicted[r.route] = (t.predicted[r.route] ?? 0) + 1;
    n++;
    if (r.route === gold) {
      correct++;
      t.accuracy++;
    }
  }
  if (n === 0) return null;
  for (const t of Object.values(by_type)) t.accuracy = t.accuracy / t.n;
  return { accuracy: correct / n, n, by_type };
}
