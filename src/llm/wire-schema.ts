import { z } from "zod";
import { describeError } from "../errors.js";
import { isJsonObject, type JsonObject } from "./strict-json-schema.js";

/**
 * A schema as it goes to a model: the app's strict zod schema (which validates the reply) and its
 * JSON Schema in the portable strict subset (what providers accept and constrain decoding with).
 */
export interface WireSchema<T> {
  name: string;
  schema: z.ZodType<T>;
  /** Sent as `response_format.json_schema.schema`. */
  json: JsonObject;
  /** zod's own JSON Schema: tells which properties were optional (a null there means absent). */
  original: JsonObject;
}

export type WireReply<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Integer ranges up to this many values go out as an enum (portable, and still constrained). */
const MAX_ENUM_RANGE = 20;

/** Keywords providers reject in strict mode, and how their limit is told to the model instead. */
const TOLD: Record<string, (v: unknown) => string> = {
  minLength: (v) => (v === 1 ? "not empty" : `at least ${v} characters`),
  maxLength: (v) => `at most ${v} characters`,
  minimum: (v) => `at least ${v}`,
  maximum: (v) => `at most ${v}`,
  exclusiveMinimum: (v) => `more than ${v}`,
  exclusiveMaximum: (v) => `less than ${v}`,
  multipleOf: (v) => `a multiple of ${v}`,
  minItems: (v) => `at least ${v} items`,
  pattern: (v) => `matching /${v}/`,
  format: (v) => `format ${v}`,
  default: (v) => `default ${JSON.stringify(v)}`,
};

const cache = new WeakMap<z.ZodType, WireSchema<unknown>>();

/** The wire form of a zod schema (cached per schema object). */
export function wireSchema<T>(name: string, schema: z.ZodType<T>): WireSchema<T> {
  const known = cache.get(schema);
  if (known && known.name === name) return known as WireSchema<T>;
  const original = z.toJSONSchema(schema, { io: "input" }) as JsonObject;
  const made: WireSchema<T> = { name, schema, json: toWireJsonSchema(original), original };
  cache.set(schema, made as WireSchema<unknown>);
  return made;
}

/**
 * A JSON Schema rewritten into the portable strict subset, pure: optional properties become
 * required and nullable, every object closes (`additionalProperties: false`), a small integer
 * range becomes an enum, and the other limits leave the schema for its description (the zod
 * schema still enforces them on the reply). `$schema` is dropped.
 */
export function toWireJsonSchema(node: JsonObject): JsonObject {
  const out: JsonObject = {};
  const told: string[] = [];
  const { $schema: _, ...rest } = node;
  for (const [key, value] of Object.entries(rest)) {
    const tell = TOLD[key];
    if (tell) {
      // zod bounds every integer by the safe range: not a limit worth telling.
      if (!(typeof value === "number" && Math.abs(value) >= Number.MAX_SAFE_INTEGER)) told.push(tell(value));
    } else if (key === "properties" && isJsonObject(value)) out.properties = wireProperties(node, value);
    else if ((key === "items" || key === "additionalProperties") && isJsonObject(value))
      out[key] = toWireJsonSchema(value);
    else if (key === "anyOf" && Array.isArray(value))
      out.anyOf = value.map((s) => (isJsonObject(s) ? toWireJsonSchema(s) : s));
    else if (key === "$defs" && isJsonObject(value))
      out.$defs = Object.fromEntries(
        Object.entries(value).map(([k, s]) => [k, isJsonObject(s) ? toWireJsonSchema(s) : s]),
      );
    else out[key] = value;
  }
  const lo = node.minimum;
  const hi = node.maximum;
  if (
    node.type === "integer" &&
    typeof lo === "number" &&
    typeof hi === "number" &&
    hi - lo < MAX_ENUM_RANGE
  ) {
    out.enum = Array.from({ length: hi - lo + 1 }, (_v, i) => lo + i);
    told.length = 0;
  }
  if (out.type === "object" || "properties" in out) {
    out.required = Object.keys(isJsonObject(out.properties) ? out.properties : {});
    out.additionalProperties = false;
  }
  if (told.length > 0) {
    const said = typeof out.description === "string" ? `${out.description} ` : "";
    out.description = `${said}(${told.join(", ")})`;
  }
  return out;
}

function wireProperties(parent: JsonObject, props: JsonObject): JsonObject {
  const required = new Set(Array.isArray(parent.required) ? parent.required : []);
  return Object.fromEntries(
    Object.entries(props).map(([key, sub]) => {
      if (!isJsonObject(sub)) return [key, sub];
      const wire = toWireJsonSchema(sub);
      return [key, required.has(key) || acceptsNull(sub) ? wire : nullable(wire)];
    }),
  );
}

function acceptsNull(node: JsonObject): boolean {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  return (
    types.includes("null") ||
    (Array.isArray(node.anyOf) && node.anyOf.some((s) => isJsonObject(s) && acceptsNull(s)))
  );
}

function nullable(node: JsonObject): JsonObject {
  if (typeof node.type === "string" && !("enum" in node) && !("const" in node))
    return { ...node, type: [node.type, "null"] };
  return { anyOf: [node, { type: "null" }] };
}

/**
 * The model's reply checked against the app's zod schema: parsed strictly (partial JSON is not
 * an answer), nulls where the app's schema has an optional property taken as absent.
 */
export function parseWireReply<T>(wire: WireSchema<T>, text: string): WireReply<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `malformed LLM output: not JSON (${describeError(error)})` };
  }
  const parsed = wire.schema.safeParse(absentNulls(json, wire.original));
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `malformed LLM output: ${issue?.path.join(".") || "root"}: ${issue?.message}` };
}

/** The value with null removed from properties the original schema made optional, not nullable. */
export function absentNulls(value: unknown, schema: JsonObject): unknown {
  if (Array.isArray(value))
    return isJsonObject(schema.items) ? value.map((v) => absentNulls(v, schema.items as JsonObject)) : value;
  if (!isJsonObject(value) || !isJsonObject(schema.properties)) return value;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    const sub = schema.properties[key];
    if (v === null && !required.has(key) && isJsonObject(sub) && !acceptsNull(sub)) continue;
    out[key] = isJsonObject(sub) ? absentNulls(v, sub) : v;
  }
  return out;
}
