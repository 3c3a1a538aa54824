import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/config.js";
import { createChatModel } from "../../src/llm/chat-model.js";
import { fakeChatServer } from "../../src/llm/fake-chat-server.js";
import { strictViolations } from "../../src/llm/strict-json-schema.js";
import { parseWireReply, wireSchema } from "../../src/llm/wire-schema.js";
import { LlmRouteSchema } from "./llm-router.js";
import { LLM_WIRE_SCHEMAS } from "./llm-schemas.js";
import { structuredCall } from "./structured-call.js";

const ROOT = join(import.meta.dirname, "../..");
const names = new Set(LLM_WIRE_SCHEMAS.map((s) => s.name));

/** Non-test TypeScript sources of the layers that may talk to a model, comments stripped. */
function sources(): Array<{ file: string; code: string }> {
  const out: Array<{ file: string; code: string }> = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")) {
        const code = readFileSync(path, "utf8")
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/^\s*\/\/.*$/gm, "");
        out.push({ file: relative(ROOT, path), code });
      }
    }
  };
  for (const dir of ["src", "agents", "tools"]) walk(join(ROOT, dir));
  return out;
}

describe("every JSON schema sent to a model is in the portable strict subset", () => {
  it("each registered wire schema passes the walker (and the list has the known steps)", () => {
    expect([...names].sort()).toEqual(["decompose", "extraction", "follow_up", "grade", "revise", "route"]);
    expect(names.size).toBe(LLM_WIRE_SCHEMAS.length);
    for (const wire of LLM_WIRE_SCHEMAS)
      expect([wire.name, strictViolations(wire.json)]).toEqual([wire.name, []]);
  });

  it("the walker catches an optional property, length and range keywords and an open object", () => {
    expect(
      strictViolations({
        type: "object",
        properties: { a: { type: "string", minItems: 1 } },
        required: ["a"],
        additionalProperties: false,
      }),
    ).toEqual(['$.a: keyword "minItems" is outside the portable strict subset']);
    const fixture = z.object({
      text: z.string().max(80),
      note: z.string().optional(),
      score: z.number().min(0).max(1),
      tags: z.array(z.object({ k: z.string() }).passthrough()).max(2),
    });
    const raw = strictViolations(z.toJSONSchema(fixture));
    expect(raw).toEqual(
      expect.arrayContaining([
        '$: keyword "$schema" is outside the portable strict subset',
        "$.note: optional (make it required and nullable)",
        '$.text: keyword "maxLength" is outside the portable strict subset',
        '$.score: keyword "minimum" is outside the portable strict subset',
        "$.tags[]: additionalProperties must be false",
      ]),
    );
    // Its wire form is portable; the limits move to the description, the reply still meets zod.
    const wire = wireSchema("fixture", fixture);
    expect(strictViolations(wire.json)).toEqual([]);
    expect(JSON.stringify(wire.json)).toContain("at most 80 characters");
    const reply = { text: "ok", note: null, score: 0.5, tags: [{ k: "a" }] };
    expect(parseWireReply(wire, JSON.stringify(reply))).toEqual({
      ok: true,
      value: { text: "ok", score: 0.5, tags: [{ k: "a" }] },
    });
    expect(parseWireReply(wire, JSON.stringify({ ...reply, score: 2 }))).toMatchObject({ ok: false });
    expect(parseWireReply(wire, JSON.stringify({ ...reply, text: "x".repeat(81) }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^malformed LLM output: text:/),
    });
  });

  it("a small integer range goes out as an enum, not minimum/maximum", () => {
    const grade = LLM_WIRE_SCHEMAS.find((s) => s.name === "grade");
    expect(grade?.json.properties).toMatchObject({ score: { type: "integer", enum: [1, 2, 3, 4, 5] } });
  });

  it("no code sends a schema the list does not hold", () => {
    const sent: string[] = [];
    const senders: string[] = [];
    for (const { file, code } of sources()) {
      for (const m of code.matchAll(/(?:structuredCall\(\s*\w+,|wireSchema\()\s*"([^"]+)"/g))
        sent.push(`${file}:${m[1]}`);
      if (/response_format\s*:|withStructuredOutput\(|json_schema\s*:/.test(code)) senders.push(file);
    }
    expect(sent.length).toBeGreaterThanOrEqual(LLM_WIRE_SCHEMAS.length);
    expect(sent.filter((s) => !names.has(s.split(":").at(-1) ?? "")).concat(["fixture"])).toEqual([
      "fixture",
    ]);
    // The one sender of response_format is json-call.ts; recording-fetch.ts is a test seam that
    // rewrites requests to the local llama.cpp server (grammar-only, never sent to a provider).
    expect(senders.sort()).toEqual(["agents/llm/recording-fetch.ts", "src/llm/json-call.ts"]);
  });

  it("what structuredCall sends is the registered wire schema, strict", async () => {
    const server = fakeChatServer(() => ({
      content: '{"route":"simple","question_type":"other","confidence":0.9,"reasons":["one fact"]}',
    }));
    const config = { AGR_LLM: "openai", AGR_LLM_BASE_URL: "http://fake.local/v1", AGR_LLM_MAX_RETRIES: "0" };
    const chat = await createChatModel(loadConfig({}, config), server.fetch);
    if (!chat) throw new Error("no model");
    const a = await structuredCall(chat.model, "route", LlmRouteSchema, [{ role: "user", content: "q" }]);
    expect(a.ok).toBe(true);
    const format = server.requests[0]?.response_format as { json_schema: Record<string, unknown> };
    expect(format.json_schema).toEqual({
      name: "route",
      strict: true,
      schema: LLM_WIRE_SCHEMAS.find((s) => s.name === "route")?.json,
    });
  }, 30_000);
});
