import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { QUESTION_TYPES, ROUTES, type Route } from "../schemas.js";
import {
  accuracy,
  type LabelledQuestion,
  LabelledQuestionSchema,
  renderConfusion,
} from "./router-accuracy.js";
import { routeQuestion } from "./rule-router.js";
import { nameLikeRuleWords, routerRuleWords } from "./rule-vocabulary.js";

/** MultiHop-RAG query types → routes (null queries are built like inference queries). */
export const MHR_ROUTE: Record<string, Route> = {
  inference_query: "multi_hop",
  comparison_query: "relation",
  temporal_query: "temporal",
  null_query: "multi_hop",
};

export function loadQuestions(
  path = fileURLToPath(new URL("./questions.jsonl", import.meta.url)),
): LabelledQuestion[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => LabelledQuestionSchema.parse(JSON.parse(l)));
}

export function evaluateSplit(rows: readonly LabelledQuestion[]) {
  const decisions = rows.map((r) => ({ row: r, d: routeQuestion(r.question) }));
  return {
    route: accuracy(
      ROUTES,
      decisions.map(({ row, d }) => ({ gold: row.route, predicted: d.route })),
    ),
    type: accuracy(
      QUESTION_TYPES,
      decisions.map(({ row, d }) => ({ gold: row.question_type, predicted: d.question_type })),
    ),
    errors: decisions
      .filter(({ row, d }) => row.route !== d.route)
      .map(({ row, d }) => ({ q: row.question, gold: row.route, got: d.route, fired: d.fired })),
  };
}

const MhrQuery = z.object({ id: z.string(), question: z.string(), type: z.string() });

/**
 * `npx tsx agents/router/eval-router.ts [split] [queries.jsonl] [--errors]`: accuracy + confusion
 * matrices; `--errors` lists each misrouted question.
 */
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const showErrors = process.argv.includes("--errors");
  const [split = "heldout", mhrPath] = process.argv.slice(2).filter((a) => a !== "--errors");
  const all = loadQuestions();
  const rows = split === "all" ? all : all.filter((r) => r.split === split);
  const res = evaluateSplit(rows);
  console.log(
    `split=${split} n=${res.route.n} route accuracy=${res.route.accuracy.toFixed(3)} type accuracy=${res.type.accuracy.toFixed(3)}`,
  );
  console.log(renderConfusion(ROUTES, res.route));
  console.log(renderConfusion(QUESTION_TYPES, res.type));
  if (showErrors) for (const e of res.errors) console.log(JSON.stringify(e));
  if (mhrPath) {
    const inSet = new Set(all.map((r) => r.id));
    const qs = readFileSync(mhrPath, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => MhrQuery.parse(JSON.parse(l)));
    for (const [label, subset] of [
      ["all", qs],
      ["not in questions.jsonl", qs.filter((q) => !inSet.has(q.id))],
    ] as const) {
      const pairs = subset.map((q) => ({
        gold: MHR_ROUTE[q.type] ?? "simple",
        predicted: routeQuestion(q.question).route,
      }));
      const a = accuracy(ROUTES, pairs);
      console.log(`MultiHop-RAG (${label}) n=${a.n} route accuracy=${a.accuracy.toFixed(3)}`);
      console.log(renderConfusion(ROUTES, a));
    }
    const named = nameLikeRuleWords(
      routerRuleWords(),
      qs.map((q) => q.question),
    );
    console.log(`rule words written only as names in these questions: ${named.join(", ") || "none"}`);
  }
}
