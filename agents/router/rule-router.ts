import type { QuestionType, Route, RouteDecision } from "../schemas.js";
import { type RouteFeatures, routeFeatures } from "./route-features.js";

/**
 * The router's function type. The offline rule router below and an LLM router (structured output
 * through RouteDecisionSchema) both fit it, so the agent graph does not care which one it gets.
 */
export type Router = (question: string) => Promise<RouteDecision>;

interface Rule {
  name: string;
  route: Route;
  weight: number;
  when: (f: RouteFeatures) => boolean;
}

/** Weighted rules, tuned on the train split of questions.jsonl only; the highest total wins. */
const RULES: readonly Rule[] = [
  { name: "base:simple", route: "simple", weight: 1.5, when: () => true },
  { name: "lookup-voice", route: "simple", weight: 1, when: (f) => f.lookup_voice },
  { name: "date+order", route: "temporal", weight: 3, when: (f) => f.dates > 0 && f.time_order },
  { name: "time-change", route: "temporal", weight: 2, when: (f) => f.time_change },
  { name: "when-change", route: "temporal", weight: 1.5, when: (f) => f.when_change },
  { name: "report-order", route: "temporal", weight: 3, when: (f) => f.report_order },
  { name: "dates>=2", route: "temporal", weight: 1, when: (f) => f.dates >= 2 && f.time_order },
  { name: "dated-consistency", route: "temporal", weight: 1.5, when: (f) => f.dates > 0 && f.consistency },
  // Periods side by side, unless a clause bridges them ("bought in 1991 by a chain that … in 2016").
  { name: "years>=2", route: "temporal", weight: 3, when: (f) => f.years >= 2 && f.bridge_clauses === 0 },
  { name: "version-order", route: "temporal", weight: 3, when: (f) => f.version_order },
  { name: "global-words", route: "global", weight: 3.5, when: (f) => f.global },
  { name: "enumeration", route: "global", weight: 3.5, when: (f) => f.enumeration },
  { name: "chained-question", route: "multi_hop", weight: 3, when: (f) => f.chained_question },
  { name: "comparison", route: "relation", weight: 2.5, when: (f) => f.comparison },
  { name: "differ-between", route: "relation", weight: 1.5, when: (f) => f.differ_between },
  { name: "or-choice", route: "relation", weight: 1.5, when: (f) => f.or_choice },
  { name: "contrast-claims", route: "relation", weight: 3, when: (f) => f.contrast_claims },
  {
    name: "yes-no-over-sources",
    route: "relation",
    weight: 1.5,
    when: (f) => f.contrast_claims && f.multi_source,
  },
  { name: "bridge-clause", route: "multi_hop", weight: 1.75, when: (f) => f.bridge_clauses >= 1 },
  { name: "bridge-chain", route: "multi_hop", weight: 1, when: (f) => f.bridge_clauses >= 2 },
  { name: "multi-source", route: "multi_hop", weight: 2, when: (f) => f.multi_source },
  { name: "long-question", route: "multi_hop", weight: 1, when: (f) => f.words >= 16 },
  { name: "very-long-question", route: "multi_hop", weight: 1, when: (f) => f.words >= 30 },
  { name: "many-entities", route: "multi_hop", weight: 0.5, when: (f) => f.entities >= 3 },
  { name: "named-factoid", route: "multi_hop", weight: 1, when: (f) => f.factoid_named },
];

/** Tie order: the more specific route wins. */
const PRIORITY: readonly Route[] = ["temporal", "global", "relation", "simple", "multi_hop"];

const TYPE_RULES: ReadonlyArray<{ type: QuestionType; name: string; re: RegExp }> = [
  {
    type: "error",
    name: "error-words",
    re: /\b(errors?|exceptions?|fail(s|ed|ing)?|crash(es|ed)?|abort(s|ed)?|panic|out of memory|conflict|not working|doesn'?t work|post-condition|traceback)\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\bE[A-Z]{4,}\b|\b0x[0-9a-f]+\b/,
  },
  {
    type: "how_to",
    name: "how-to",
    re: /^(how (do|can|should|would|to|does one)\b|steps? (to|for)\b|show me how|what are (all )?the (steps|ways) to\b|guide to\b)/i,
  },
  { type: "why", name: "why", re: /^why\b|\b(what is the reason|what causes|for what reason)\b/i },
  {
    type: "what_is",
    name: "what-is",
    re: /^what(?:'s| is| are| does) (?:(?:a|an|the) )?(?!difference|reason|name|date|place|maximum|minimum|default|total|most|number)(?:(?! of )[^?]){1,50}?(?: mean| according to [^?]+)?\??$|^define\b|\bwhat does .+ mean\b/i,
  },
];

/** What kind of answer the question wants: decides what traversal and extraction prefer. */
export function questionType(question: string): { type: QuestionType; rule: string } {
  const q = question.trim();
  for (const r of TYPE_RULES) if (r.re.test(q)) return { type: r.type, rule: `type:${r.name}` };
  return { type: "other", rule: "type:default" };
}

/** Explainable offline routing: the features, the rules that fired and their summed weights. */
export function routeQuestion(question: string): RouteDecision {
  const f = routeFeatures(question);
  const totals = new Map<Route, number>(PRIORITY.map((r) => [r, 0]));
  const fired: string[] = [];
  for (const rule of RULES) {
    if (!rule.when(f)) continue;
    totals.set(rule.route, (totals.get(rule.route) ?? 0) + rule.weight);
    if (rule.name !== "base:simple") fired.push(`${rule.name}→${rule.route}(+${rule.weight})`);
  }
  const { type, rule } = questionType(question);
  // Documentation-style questions (how to, what is, why, an error) are usually one-passage lookups.
  if (type !== "other") {
    totals.set("simple", (totals.get("simple") ?? 0) + 1);
    fired.push("doc-question-type→simple(+1)");
  }
  let best: Route = PRIORITY[0] ?? "simple";
  for (const r of PRIORITY) if ((totals.get(r) ?? 0) > (totals.get(best) ?? 0)) best = r;
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  return {
    route: best,
    question_type: type,
    confidence: Number(((totals.get(best) ?? 0) / sum).toFixed(3)),
    fired: [...fired, rule],
    source: "rules",
  };
}

/** The rule router behind the shared Router type. */
export const ruleRouter: Router = async (question) => routeQuestion(question);
