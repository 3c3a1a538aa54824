import { readFileSync } from "node:fs";
import { answerFromBundle } from "../../agents/answer/answer-from-bundle.js";
import { SUPPORT_THRESHOLD, supportScore } from "../../agents/answer/verify-answer.js";
import { routeQuestion } from "../../agents/router/rule-router.js";
import { buildBundle } from "../../src/retrieval/build-bundle.js";
import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { RetrievalMode } from "../../src/retrieval/retrieval-mode.js";
import { retrieve } from "../../src/retrieval/retrieve.js";
import { SqliteGraphStore } from "../../src/store/embedded/sqlite-store.js";
import { MhrQuerySchema } from "../datasets/multihoprag-adapter.js";
import {
  type CitedAnswer,
  citationPrecision,
  pooledCitationPrecision,
} from "../metrics/citation-precision.js";

/**
 * `npx tsx evals/runner/eval-mhr-answers.ts <store.db> <queries.jsonl> [mode] [k] [out.json]`:
 * answers every MultiHop-RAG query offline over a store built from its articles.jsonl and reports
 * the not-found rate on null vs answerable queries and citation precision (verifier-based and
 * gold-based: the cited chunk belongs to a gold supporting article, its section anchor = article id).
 */
const [storePath, queriesPath, mode = "bm25", k = "10", outPath] = process.argv.slice(2);
if (!storePath || !queriesPath)
  throw new Error("usage: eval-mhr-answers.ts <store.db> <queries.jsonl> [mode] [k] [out.json]");

const queries = readFileSync(queriesPath, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => MhrQuerySchema.parse(JSON.parse(l)));
const store = SqliteGraphStore.open(storePath);
const rows: Array<Record<string, unknown>> = [];
const verifierPairs: CitedAnswer[] = [];
const goldPairs: CitedAnswer[] = [];
try {
  for (const q of queries) {
    const ranked = await retrieve({ store }, q.question, { mode: mode as RetrievalMode, k: Number(k) });
    const bundle: ContextBundle = await buildBundle(store, q.question, mode, ranked);
    const decision = routeQuestion(q.question);
    const out = answerFromBundle(q.question, bundle, decision);
    const bySid = new Map(bundle.evidence.map((e) => [e.sid, e]));
    const articleOf = (sid: string) => {
      const e = bySid.get(sid);
      return e?.citation.kind === "url" ? decodeURIComponent(e.citation.url.split("#")[1] ?? "") : "";
    };
    const gold = new Set(q.supporting_ids ?? []);
    const verifierSupports = (text: string, sid: string) =>
      supportScore(text, bySid.get(sid)?.text ?? "").score >= SUPPORT_THRESHOLD;
    const goldSupports = (_text: string, sid: string) => gold.has(articleOf(sid));
    if (!out.final.not_found) {
      verifierPairs.push({ sentences: out.draft.sentences, supports: verifierSupports });
      if (q.type !== "null_query") goldPairs.push({ sentences: out.draft.sentences, supports: goldSupports });
    }
    rows.push({
      id: q.id,
      type: q.type,
      route: decision.route,
      grade: out.grade.score,
      not_found: out.final.not_found,
      answer: out.final.answer,
      gold_citation_precision: out.final.not_found
        ? null
        : citationPrecision(out.draft.sentences, goldSupports),
    });
  }
} finally {
  await store.close();
}
const rate = (filter: (r: Record<string, unknown>) => boolean) => {
  const sel = rows.filter(filter);
  return { n: sel.length, not_found: sel.filter((r) => r.not_found).length / Math.max(1, sel.length) };
};
const summary = {
  mode,
  k: Number(k),
  null_queries: rate((r) => r.type === "null_query"),
  answerable: rate((r) => r.type !== "null_query"),
  by_type: Object.fromEntries(
    [...new Set(rows.map((r) => String(r.type)))].map((t) => [t, rate((r) => r.type === t)]),
  ),
  grade_histogram: Object.fromEntries(
    ["null", "answerable"].map((g) => [
      g,
      [1, 2, 3, 4, 5].map(
        (s) => rows.filter((r) => (r.type === "null_query") === (g === "null") && r.grade === s).length,
      ),
    ]),
  ),
  citation_precision_verifier: pooledCitationPrecision(verifierPairs),
  citation_precision_gold: pooledCitationPrecision(goldPairs),
};
console.log(JSON.stringify(summary, null, 2));
if (outPath) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(outPath, `${JSON.stringify({ summary, rows }, null, 2)}\n`);
}
