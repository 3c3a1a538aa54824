import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { z } from "zod";
import { type ContextBundle, ContextBundleSchema } from "../retrieval/context-bundle.js";
import { type AskOutput, AskOutputSchema, type IngestOutput, IngestOutputSchema } from "./mcp-schemas.js";
import { type SourcePassage, SourcePassageSchema } from "./passage-source.js";

/** What the MCP tests of both transports share: typed calls through the SDK's own client. */

export const TOOL_NAMES = ["ask", "get_source", "ingest", "search"];

const TextContent = z.object({ type: z.literal("text"), text: z.string() });

export async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = CallToolResultSchema.parse(await client.callTool({ name, arguments: args }));
  const text = result.content.map((c) => TextContent.parse(c).text).join("\n");
  return { result, text, isError: result.isError === true };
}

/** A successful call's structured content, parsed by the tool's own output schema. */
async function ok<T>(client: Client, name: string, args: Record<string, unknown>, schema: z.ZodType<T>) {
  const r = await call(client, name, args);
  expect(r.isError, r.text).toBe(false);
  return { value: schema.parse(r.result.structuredContent), text: r.text };
}

export const search = (
  c: Client,
  args: Record<string, unknown>,
): Promise<{ value: ContextBundle; text: string }> => ok(c, "search", args, ContextBundleSchema);
export const ask = (c: Client, args: Record<string, unknown>): Promise<{ value: AskOutput; text: string }> =>
  ok(c, "ask", args, AskOutputSchema);
export const ingest = (
  c: Client,
  args: Record<string, unknown>,
): Promise<{ value: IngestOutput; text: string }> => ok(c, "ingest", args, IngestOutputSchema);
export const getSource = (
  c: Client,
  args: Record<string, unknown>,
): Promise<{ value: SourcePassage; text: string }> => ok(c, "get_source", args, SourcePassageSchema);

/** The four tools are listed with descriptions and object input schemas naming their fields. */
export async function expectToolList(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
  for (const t of tools) {
    expect(t.description?.length ?? 0, t.name).toBeGreaterThan(60);
    expect(t.inputSchema.type).toBe("object");
    expect(t.outputSchema?.type, t.name).toBe("object");
  }
  const props = (name: string) =>
    Object.keys(tools.find((t) => t.name === name)?.inputSchema.properties ?? {});
  expect(props("search")).toEqual(expect.arrayContaining(["question", "mode", "k", "budget", "filter"]));
  expect(props("ask")).toEqual(expect.arrayContaining(["question", "mode", "filter"]));
  expect(props("ingest")).toEqual(expect.arrayContaining(["paths", "job_id", "wait_seconds"]));
  expect(props("get_source")).toEqual(expect.arrayContaining(["chunk_id", "context"]));
}

/** Bad input of every kind is an isError result with a readable reason, and the server keeps serving. */
export async function expectBadInputErrors(client: Client): Promise<void> {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ["search", { question: "" }, /question.*empty|empty.*question/i],
    ["search", { question: "x", k: 0 }, /k/],
    ["search", { question: "x", mode: "telepathy" }, /mode/],
    ["ask", { question: "x", surprise: 1 }, /surprise|unrecognized/i],
    ["search", { question: "x", filter: { pages: { from: 9, to: 2 } } }, /from is after to/],
    ["ask", { question: "x", filter: { colour: "red" } }, /colour|unrecognized/i],
    ["ingest", {}, /either paths .* or job_id/],
    ["ingest", { job_id: "job_0000000000000000dead" }, /^unknown_job: no ingest job/],
    ["get_source", { chunk_id: "chk:does-not-exist" }, /^unknown_chunk: no passage with chunk id/],
    ["get_source", { chunk_id: 42 }, /chunk_id/],
  ];
  for (const [name, args, reason] of cases) {
    const r = await call(client, name, args);
    expect(r.isError, `${name} ${JSON.stringify(args)}: ${r.text}`).toBe(true);
    expect(r.text).toMatch(reason);
    expect(r.text).not.toMatch(/\n\s+at /); // no stack trace
  }
  const unknownTool = await call(client, "rm_rf", {});
  expect(unknownTool.isError).toBe(true);
  expect(unknownTool.text).toMatch(/rm_rf not found/);
}

/** A path outside the roots is refused with the HTTP route's own error, whether it exists or not. */
export async function expectOutsideRootsRefused(client: Client, outside: readonly string[]): Promise<void> {
  for (const path of outside) {
    const r = await call(client, "ingest", { paths: [path] });
    expect(r.isError, r.text).toBe(true);
    expect(r.text).toMatch(/^forbidden: .*outside the allowed ingest roots$/);
  }
}
