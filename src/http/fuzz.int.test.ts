import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ASK_MODES } from "../../agents/graph-state.js";
import { ContextBundleSchema } from "../retrieval/context-bundle.js";
import { RetrievalModeSchema } from "../retrieval/retrieval-mode.js";
import { ErrorBodySchema } from "./http-error.js";
import { ChatCompletionSchema, ChatRequestSchema } from "./routes/chat-schemas.js";
import { PathIngestSchema } from "./routes/documents.js";
import { QueryRequestSchema, QueryResponseSchema } from "./routes/query.js";
import { RetrieveRequestSchema } from "./routes/retrieve.js";
import { startTestServer, type TestServer } from "./test-server.js";

/**
 * Property-based fuzzing of the live API: random bodies, schema-shaped records with wrong types,
 * valid generated requests and random path/query strings, over a real socket. Never a 5xx; every
 * refusal is the error envelope; every valid request answers 200 with its published schema.
 */
let ts: TestServer;
let before: unknown;
const counts = async () => (await ts.json("/v1/graph/stats")).body;

beforeAll(async () => {
  ts = await startTestServer({ httpRateLimit: 0 }, { samples: true });
  before = await counts();
}, 240_000);
afterAll(async () => ts?.close());

/** Runs per property (×endpoints where a property covers several). */
const RUNS = { raw: 300, keyed: 150, validRetrieve: 150, validAsk: 50, paths: 300 };
const SLOW = 90_000;
/** Fixed seed: a failure reproduces; fast-check prints the seed and path of any counterexample. */
const SEED = 20261122;

async function send(method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${ts.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }),
  });
  return { status: res.status, text: await res.text() };
}

/** < 500, and a refusal is {"error":{"code","message"}}. Returns the status for the caller's own checks. */
function expectSafe(res: { status: number; text: string }, what: string): number {
  expect(res.status, `${what} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) expect(ErrorBodySchema.safeParse(JSON.parse(res.text)).success, res.text).toBe(true);
  return res.status;
}

const JSON_ENDPOINTS = [
  ["/v1/query", QueryRequestSchema],
  ["/v1/retrieve", RetrieveRequestSchema],
  ["/v1/chat/completions", ChatRequestSchema],
  ["/v1/documents", PathIngestSchema],
] as const;

/** Values of every JSON type, plus the real enums and sane questions, so some records validate. */
const wild: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...ASK_MODES, ...RetrievalModeSchema.options, "user", "assistant", "", " "),
  fc.constantFrom("What is an object?", "How do I transfer a coin?", "Move"),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.array(
    fc.record({
      role: fc.constantFrom("user", "assistant", "system", "tool", "x"),
      content: fc.jsonValue({ maxDepth: 2 }),
    }),
    { maxLength: 3 },
  ),
);

/** A filter the schema takes: empty, or one field with a well-formed value. */
const filter = fc.oneof(
  fc.constant({}),
  fc.record({ kind: fc.constantFrom("pdf", "markdown", "html") }),
  fc.record({ uri: fc.constantFrom("*.md", "file:///x/a.pdf", "*aptos*") }),
  fc.record({
    pages: fc.record({ from: fc.integer({ min: 1, max: 5 }), to: fc.integer({ min: 5, max: 9 }) }),
  }),
  fc.record({ section: fc.constantFrom("Objects", "Move > Coins") }),
);

/** A valid value for each request field this API knows, so that many records pass validation. */
const good = (path: string): Record<string, fc.Arbitrary<unknown>> => ({
  filter,
  agr: fc.record({ filter }),
  question,
  mode:
    path === "/v1/retrieve" ? fc.constantFrom(...RetrievalModeSchema.options) : fc.constantFrom(...ASK_MODES),
  history: fc.array(
    fc.record({ role: fc.constantFrom("user", "assistant"), content: fc.string({ maxLength: 40 }) }),
    {
      maxLength: 2,
    },
  ),
  k: fc.integer({ min: 1, max: 200 }),
  budget: fc.integer({ min: 50, max: 64_000 }),
  expand: fc.boolean(),
  model: fc.constantFrom(...ASK_MODES),
  messages: question.map((q) => [{ role: "user", content: q }]),
  stream: fc.boolean(),
  n: fc.constant(1),
  max_tokens: fc.integer({ min: 1, max: 4096 }),
  max_completion_tokens: fc.integer({ min: 1, max: 4096 }),
  stream_options: fc.record({ include_usage: fc.boolean() }),
  temperature: fc.double({ min: 0, max: 2, noNaN: true }),
  paths: fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 2 }),
});

/** The schema's keys, each valid 2 times in 3 and of any type otherwise; now and then an unknown key. */
function keyedRecord(path: string, schema: z.ZodObject): fc.Arbitrary<Record<string, unknown>> {
  const valid = good(path);
  const keys = Object.keys(schema.shape);
  // Required keys are always there (a missing one would refuse the record before its values count).
  const required = keys.filter((k) => !schema.shape[k]?.safeParse(undefined).success);
  const fields = keys.map((k) => [
    k,
    fc.oneof({ weight: 2, arbitrary: valid[k] ?? wild }, { weight: 1, arbitrary: wild }),
  ]);
  return fc.record(
    {
      ...Object.fromEntries(fields),
      extra: fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: wild }),
    },
    { requiredKeys: [...required, "extra"] },
  );
}

/** A question the store can take: words, any Unicode, or raw UTF-16 (lone surrogates included). */
const question = fc
  .oneof(
    fc
      .array(
        fc.constantFrom("object", "Move", "coin", "transfer", "module", "what", "how", "is", "a", "the"),
        {
          minLength: 1,
          maxLength: 12,
        },
      )
      .map((w) => w.join(" ")),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 120 }),
    fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
  )
  .filter((s) => s.trim().length > 0);

/** Every byte percent-encoded: any string, lone surrogates included, becomes a valid URL part. */
const pct = (s: string) =>
  Array.from(new TextEncoder().encode(s), (b) => `%${b.toString(16).padStart(2, "0")}`).join("");
const urlPart = fc.oneof(
  fc.string({ maxLength: 40 }).map(pct),
  fc.string({ unit: "binary", maxLength: 20 }).map(pct),
  fc.stringMatching(/^[\w.~-]{0,30}$/),
  fc.constantFrom(
    "%",
    "%Z",
    "%E2%80",
    "%C0%AF",
    "%FF",
    "..%2F..%2Fetc",
    "%00",
    "job_x",
    `tr_${"a".repeat(32)}`,
  ),
);
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom("edge_type", "direction", "depth", "limit", "chunks", "stream"), urlPart),
      fc.oneof(urlPart, fc.constantFrom("MENTIONS", "MENTIONS,FOO", "out", "1", "0", "-1", "1e9", "NaN", "")),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

describe("fuzzing the live API (fast-check)", () => {
  it.each(JSON_ENDPOINTS)(
    `(1) arbitrary bodies to %s: never 5xx (${RUNS.raw} runs)`,
    async (path) => {
      const body = fc.oneof(
        fc.json({ maxDepth: 4 }),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc.string({ maxLength: 200 }),
        fc.string({ unit: "binary", maxLength: 100 }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          expectSafe(await send("POST", path, b), `POST ${path} ${b.slice(0, 80)}`);
        }),
        { numRuns: RUNS.raw, seed: SEED },
      );
    },
    SLOW,
  );

  it.each(JSON_ENDPOINTS)(
    `(2) the schema's keys with values of any type to %s: never 5xx, refused when the schema refuses (${RUNS.keyed} runs)`,
    async (path, schema) => {
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(keyedRecord(path, schema), async (rec) => {
          const text = JSON.stringify(rec);
          const status = expectSafe(await send("POST", path, text), `POST ${path} ${text.slice(0, 200)}`);
          if (status < 300) accepted++;
          // What the schema refuses the server refuses (it may refuse more: roles, paths).
          if (!schema.safeParse(JSON.parse(text)).success) expect(status, text.slice(0, 200)).toBe(400);
        }),
        { numRuns: RUNS.keyed, seed: SEED },
      );
      // The records reach the handlers too, not only the validator (server paths never resolve here).
      if (path !== "/v1/documents") expect(accepted).toBeGreaterThan(RUNS.keyed / 20);
    },
    SLOW,
  );

  it(
    `(3a) valid retrieve requests from the schema answer 200 with a ContextBundle (${RUNS.validRetrieve} runs)`,
    async () => {
      const request = fc.record(
        {
          question,
          mode: fc.constantFrom(...RetrievalModeSchema.options),
          k: fc.integer({ min: 1, max: 200 }),
          budget: fc.integer({ min: 50, max: 64_000 }),
          expand: fc.boolean(),
        },
        { requiredKeys: ["question"] },
      );
      await fc.assert(
        fc.asyncProperty(request, async (req) => {
          expect(RetrieveRequestSchema.safeParse(req).success).toBe(true);
          const res = await send("POST", "/v1/retrieve", JSON.stringify(req));
          expect(res.status, `${JSON.stringify(req)} → ${res.text.slice(0, 300)}`).toBe(200);
          ContextBundleSchema.parse(JSON.parse(res.text));
        }),
        { numRuns: RUNS.validRetrieve, seed: SEED },
      );
    },
    SLOW,
  );

  it(
    `(3b) valid query and chat requests answer 200 with their schemas (${RUNS.validAsk} runs each)`,
    async () => {
      const history = fc.array(
        fc.record({
          role: fc.constantFrom("user" as const, "assistant" as const),
          content: fc.string({ maxLength: 80 }),
        }),
        { maxLength: 3 },
      );
      const mode = fc.constantFrom(...ASK_MODES);
      await fc.assert(
        fc.asyncProperty(
          fc.record({ question, mode, history }, { requiredKeys: ["question"] }),
          async (req) => {
            expect(QueryRequestSchema.safeParse(req).success).toBe(true);
            const res = await send("POST", "/v1/query", JSON.stringify(req));
            expect(res.status, `${JSON.stringify(req)} → ${res.text.slice(0, 300)}`).toBe(200);
            QueryResponseSchema.parse(JSON.parse(res.text));
          },
        ),
        { numRuns: RUNS.validAsk, seed: SEED },
      );
      await fc.assert(
        fc.asyncProperty(mode, history, question, fc.boolean(), async (model, earlier, q, parts) => {
          const last = parts ? [{ type: "text", text: q }] : q;
          const req = {
            model,
            messages: [...earlier, { role: "user", content: last }],
            temperature: 0.2,
            user: "fuzz",
          };
          expect(ChatRequestSchema.safeParse(req).success).toBe(true);
          const res = await send("POST", "/v1/chat/completions", JSON.stringify(req));
          expect(res.status, `${JSON.stringify(req)} → ${res.text.slice(0, 300)}`).toBe(200);
          ChatCompletionSchema.parse(JSON.parse(res.text));
        }),
        { numRuns: RUNS.validAsk, seed: SEED },
      );
    },
    SLOW,
  );

  it(
    `(4) arbitrary path parameters and query strings: never 5xx (${RUNS.paths} runs × 11 routes)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(urlPart, queryString, async (id, qs) => {
          for (const [method, path] of [
            ["GET", `/v1/graph/nodes/${id}`],
            ["GET", `/v1/graph/nodes/${id}/neighbours?${qs}`],
            ["GET", `/v1/jobs/${id}?${qs}`],
            ["GET", `/v1/traces/${id}`],
            ["GET", `/v1/documents?${qs}`],
            ["DELETE", `/v1/documents/${id}`],
            ["GET", `/v1/documents/${id}/source`],
            ["GET", `/v1/graph/search?${qs}`],
            ["GET", `/v1/evals?${qs}`],
            ["GET", `/v1/evals/${id}/chart.svg`],
            ["GET", `/v1/config?${qs}`],
          ] as const)
            expectSafe(await send(method, path), `${method} ${path}`);
        }),
        { numRuns: RUNS.paths, seed: SEED },
      );
    },
    SLOW,
  );

  it("leaves the server healthy and the store as it was", async () => {
    expect((await ts.json("/healthz")).status).toBe(200);
    expect((await ts.json("/readyz")).status).toBe(200);
    expect(await counts()).toEqual(before);
  });
});
