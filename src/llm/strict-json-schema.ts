/** A JSON Schema node as plain data. */
export type JsonObject = { [key: string]: unknown };

export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The keywords of the portable strict subset: what OpenAI's strict structured outputs accepts
 * for every model (fine-tuned ones included) and Anthropic's structured outputs accepts too, with
 * one exception, `maxItems`. Left out: string lengths and numeric ranges (Anthropic and OpenAI's
 * fine-tuned models reject them; OpenAI took none before May 2025), `minItems` (Anthropic: only 0
 * or 1), `pattern`/`format` (OpenAI's fine-tuned models refuse them, Anthropic takes a regex
 * subset), `default`, `oneOf`, `allOf`, `not` and every conditional. A limit the model should
 * respect goes into `description`; the app's zod schema still enforces it on the reply.
 * `maxItems` stays: OpenAI strict mode accepts it (all but fine-tuned models), and so do
 * llama.cpp, vLLM and Gemini; without it a small model repeats list items until the token limit
 * (measured: the local SmolLM2 extraction test fails). Anthropic's native API would need it moved
 * to the description, like the rest.
 */
export const PORTABLE_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "maxItems",
  "enum",
  "const",
  "anyOf",
  "description",
  "title",
  "$defs",
  "$ref",
]);

/**
 * Every way `schema` leaves the portable strict subset, as "path: problem" lines (empty: it is
 * portable). The root is an object; every object lists all its properties as required and sets
 * `additionalProperties: false`; arrays say what their items are; refs stay in the document.
 * Pure.
 */
export function strictViolations(schema: unknown): string[] {
  const out: string[] = [];
  if (!isJsonObject(schema) || schema.type !== "object") out.push("$: the root must be an object schema");
  walk(schema, "$", out);
  return out;
}

function walk(node: unknown, path: string, out: string[]): void {
  if (!isJsonObject(node)) {
    out.push(`${path}: not a schema object`);
    return;
  }
  for (const key of Object.keys(node)) {
    if (!PORTABLE_KEYWORDS.has(key))
      out.push(`${path}: keyword "${key}" is outside the portable strict subset`);
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("object") || "properties" in node) checkObject(node, path, out);
  if (types.includes("array") && !isJsonObject(node.items)) out.push(`${path}: an array without "items"`);
  if (typeof node.$ref === "string" && !node.$ref.startsWith("#"))
    out.push(`${path}: $ref outside the document`);
  if (isJsonObject(node.items)) walk(node.items, `${path}[]`, out);
  if (Array.isArray(node.anyOf))
    for (const [i, s] of node.anyOf.entries()) walk(s, `${path}.anyOf[${i}]`, out);
  if (isJsonObject(node.$defs)) for (const [k, s] of Object.entries(node.$defs)) walk(s, `$defs.${k}`, out);
}

function checkObject(node: JsonObject, path: string, out: string[]): void {
  const props = isJsonObject(node.properties) ? node.properties : undefined;
  if (!props || Object.keys(props).length === 0) {
    out.push(`${path}: an object without properties`);
    return;
  }
  if (node.additionalProperties !== false) out.push(`${path}: additionalProperties must be false`);
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  for (const [key, sub] of Object.entries(props)) {
    if (!required.has(key)) out.push(`${path}.${key}: optional (make it required and nullable)`);
    walk(sub, `${path}.${key}`, out);
  }
}
