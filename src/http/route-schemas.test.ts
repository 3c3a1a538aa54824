import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../config.js";
import { apiRoutes } from "./app.js";
import { ServerContext } from "./app-env.js";

/** Every schema a request passes through before its handler: bodies, query strings, path parameters. */
const schemas = apiRoutes(new ServerContext(loadConfig({}, {}))).flatMap((r) =>
  (["body", "query", "params"] as const).flatMap((part) => {
    const schema = r[part];
    return schema ? [[`${r.method.toUpperCase()} ${r.path} ${part}`, schema] as const] : [];
  }),
);

/** Any JS value, exotic ones included (null prototypes, boxed values, sparse arrays, Map, BigInt...). */
const anything = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  stringUnit: "binary",
});

/** The schema's own keys with values of any type: the values reach the field validators. */
function keyed(schema: z.ZodType): fc.Arbitrary<unknown> {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  if (keys.length === 0) return anything;
  return fc.record(Object.fromEntries(keys.map((k) => [k, anything])), { requiredKeys: [] });
}

const deep = (n: number): unknown => {
  let v: unknown = "leaf";
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v, question: v, messages: v, paths: v };
  return v;
};

describe("request schemas: safeParse never throws", () => {
  it("covers every validated part of the API", () => {
    expect(schemas.length).toBeGreaterThanOrEqual(10);
    const names = schemas.map(([n]) => n).join("\n");
    for (const p of [
      "/v1/query body",
      "/v1/retrieve body",
      "/v1/chat/completions body",
      "/v1/documents body",
    ])
      expect(names).toContain(p);
  });

  it.each(schemas)("%s", (_name, schema) => {
    const safe = (v: unknown) => {
      const out = schema.safeParse(v);
      // A refusal always names its issues: the API turns them into the error message.
      if (!out.success) expect(out.error.issues.length).toBeGreaterThan(0);
    };
    fc.assert(fc.property(anything, safe), { numRuns: 300 });
    fc.assert(fc.property(keyed(schema), safe), { numRuns: 300 });
    fc.assert(fc.property(fc.jsonValue(), safe), { numRuns: 200 });
    // JSON.parse builds 100k-deep values without recursion; the schema must not recurse into them.
    for (const n of [1_000, 100_000]) safe(deep(n));
  });
});
