/**
 * Operations replay (prints figures; asserts nothing): `agr serve` as a separate process over a
 * store, 100 scripted questions (the sample-corpus questions, so repeats hit the caches) spread
 * over /v1/query, /v1/query?stream=1, /v1/chat/completions and /v1/retrieve, then what /metrics
 * and /v1/stats report: per-route counts, latency, not-found rates and cache hit rates.
 *   npm run bench:ops -- [--store graph.db] [--questions 100] [--neo4j bolt://...]
 * Without --store a temp store is built from samples/ first.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parsePrometheus } from "../../src/http/prometheus-text.js";
import { ServerStatsSchema } from "../../src/http/routes/stats.js";
import { spawnServe } from "../../src/http/serve-process.js";
import { QUESTIONS } from "./http/questions.js";

const ROOT = resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    store: { type: "string" },
    questions: { type: "string", default: "100" },
    neo4j: { type: "string" },
  },
});
const total = Number(values.questions);
const dir = mkdtempSync(join(tmpdir(), "agr-ops-"));
let store = values.store ? resolve(values.store) : undefined;
if (!store && !values.neo4j) {
  store = join(dir, "graph.db");
  console.log("[bench:ops] building a store from samples/");
  const r = spawnSync(
    process.execPath,
    [
      join(ROOT, "bin/agr.mjs"),
      "ingest",
      "samples/markdown",
      "samples/html",
      "samples/pdf",
      "--store",
      store,
    ],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (r.status !== 0) throw new Error("ingest failed");
}
const server = await spawnServe({
  ...(store ? { store } : {}),
  env: { AGR_HTTP_RATE_LIMIT: "0", AGR_DATA_DIR: dir, ...(values.neo4j ? { NEO4J_URI: values.neo4j } : {}) },
});
const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
// A few questions nobody's documents answer, so not-found rates are not trivially zero.
const pool = [...QUESTIONS, "What is the capital of Mongolia?", "Who won the 1998 World Cup?"];
const modes = ["bm25", "hybrid", "ppr", "graph"];
let failed = 0;
const started = performance.now();
try {
  for (let i = 0; i < total; i++) {
    const question = pool[i % pool.length] ?? "";
    const res =
      i % 4 === 0
        ? await post("/v1/query", { question })
        : i % 4 === 1
          ? await post("/v1/query?stream=1", { question })
          : i % 4 === 2
            ? await post("/v1/chat/completions", {
                model: "agent",
                messages: [{ role: "user", content: question }],
              })
            : await post("/v1/retrieve", {
                // Five questions × four modes: a chat frontend's repeats, which the cache should serve.
                question: pool[Math.floor(i / 4) % 5],
                mode: modes[Math.floor(i / 4) % modes.length],
              });
    await res.text();
    if (!res.ok) failed++;
  }
  const seconds = (performance.now() - started) / 1000;
  const metrics = parsePrometheus(await (await fetch(`${server.url}/metrics`)).text());
  const stats = ServerStatsSchema.parse(await (await fetch(`${server.url}/v1/stats`)).json());
  console.log(
    `\n${total} questions in ${seconds.toFixed(1)} s, ${failed} failed (store ${values.neo4j ?? store})`,
  );
  console.log("\n/metrics (selected samples):");
  for (const s of metrics.samples) {
    if (/^agr_(queries_total|not_found_total|cache_(hits|misses)_total|cache_entries)$/.test(s.name))
      console.log(`  ${s.name}${JSON.stringify(s.labels)} ${s.value}`);
  }
  console.log("\n/v1/stats caches:");
  const { retrieval, tool_results, subgraphs } = stats.caches;
  for (const [name, c] of Object.entries({ retrieval, tool_results, subgraphs }))
    console.log(
      `  ${name.padEnd(13)} entries ${c.entries}/${c.capacity}  hits ${c.hits}  misses ${c.misses}  hit rate ${c.hit_rate}`,
    );
  console.log("\n/v1/stats queries by route:");
  for (const [route, r] of Object.entries(stats.queries.routes))
    console.log(
      `  ${route.padEnd(16)} ${String(r.count).padStart(4)}  not found ${r.not_found_rate}  p50 ${r.latency_ms.p50} ms  p95 ${r.latency_ms.p95} ms`,
    );
  console.log(`  total ${stats.queries.total}`);
} finally {
  await server.stop();
}
