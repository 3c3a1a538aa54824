import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLES } from "../http/test-server.js";
import { tempDir } from "../ingest/test-helpers.js";
import {
  ask,
  expectBadInputErrors,
  expectOutsideRootsRefused,
  expectToolList,
  getSource,
  ingest,
  search,
} from "./mcp-test-checks.js";

// `agr mcp` as an agent host runs it: a child process speaking JSON-RPC on stdin/stdout, driven
// by the SDK's own stdio client. Its store starts empty and is filled through the ingest tool.
const BIN = resolve(import.meta.dirname, "../../bin/agr.mjs");
const dir = tempDir("agr-mcp-stdio-");
const root = join(dir, "in");
let client: Client;
let stderr = "";
/** Anything on stdout that is not a protocol message shows up here as a transport error. */
const transportErrors: Error[] = [];

beforeAll(async () => {
  mkdirSync(root);
  cpSync(join(SAMPLES, "markdown"), join(root, "markdown"), { recursive: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--store", join(dir, "graph.db"), "--ingest-root", root],
    cwd: dir,
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  client = new Client({ name: "agr-mcp-stdio-test", version: "1.0.0" });
  client.onerror = (e) => transportErrors.push(e);
  await client.connect(transport);
}, 120_000);
afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("agr mcp over stdio", () => {
  it("lists the four tools with their schemas", async () => {
    await expectToolList(client);
  }, 60_000);

  it("ingests Markdown under --ingest-root, then search, ask and get_source cite url#fragment", async () => {
    const job = await ingest(client, { paths: [join(root, "markdown")], wait_seconds: 300 });
    expect(job.value, stderr).toMatchObject({ status: "succeeded", finished: true, report: { ingested: 4 } });
    // Unchanged files: a second ingest skips them all.
    const again = await ingest(client, { paths: [join(root, "markdown")], wait_seconds: 120 });
    expect(again.value).toMatchObject({ status: "succeeded", report: { ingested: 0, skipped: 4 } });

    const question = "How do I create an object with a ConstructorRef?";
    const found = await search(client, { question, mode: "hybrid", k: 10, budget: 800 });
    expect(found.value.mode).toBe("hybrid");
    expect(found.value.token_count).toBeLessThanOrEqual(800);
    expect(found.value.evidence.length).toBeGreaterThan(0);
    expect(
      found.value.evidence.some((e) => e.citation.kind === "url" && e.citation.url.includes(".mdx#")),
    ).toBe(true);

    // Scoped to one document (a uri glob): every passage comes from it, and k still fills up.
    const scoped = await search(client, {
      question,
      mode: "hybrid",
      k: 5,
      filter: { uri: "*using-objects.mdx" },
    });
    expect(scoped.value.evidence.length).toBeGreaterThan(0);
    for (const e of scoped.value.evidence)
      expect(e.citation.kind === "url" && e.citation.url).toMatch(/using-objects\.mdx/);
    const scopedAnswer = await ask(client, { question, filter: { uri: "*using-objects.mdx" } });
    for (const c of scopedAnswer.value.citations) expect(c.uri).toMatch(/using-objects\.mdx$/);

    const answer = await ask(client, { question });
    expect(answer.value.not_found).toBe(false);
    expect(answer.value.answer).toMatch(/ConstructorRef.*\[S\d+\]/s);
    const cited = answer.value.citations[0];
    expect(cited?.url).toMatch(/creating-objects\.mdx#/);

    const source = await getSource(client, { chunk_id: cited?.chunk_id, context: 1 });
    expect(source.value).toMatchObject({ chunk_id: cited?.chunk_id, kind: "markdown" });
    expect(source.value.citation).toEqual({ kind: "url", url: cited?.url });
    expect(source.value.breadcrumbs).toMatch(/>/);
    expect(source.value.before.length).toBeLessThanOrEqual(1);
    expect(source.value.after.length).toBeLessThanOrEqual(1);
    const none = await getSource(client, { chunk_id: cited?.chunk_id, context: 0 });
    expect(none.value.before.length + none.value.after.length).toBe(0);
  }, 400_000);

  it("refuses ingest paths outside --ingest-root", async () => {
    await expectOutsideRootsRefused(client, ["/etc/hostname", join(dir, "graph.db"), "/no/such/dir"]);
  }, 60_000);

  it("answers bad input with tool errors and keeps serving", async () => {
    await expectBadInputErrors(client);
    await expectToolList(client);
  }, 60_000);

  it("wrote nothing but protocol messages on stdout", () => {
    expect(transportErrors.map((e) => e.message)).toEqual([]);
  });
});
