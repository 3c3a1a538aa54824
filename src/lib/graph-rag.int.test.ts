import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir, writeTree } from "../ingest/test-helpers.js";
import {
  AskResultSchema,
  type AskStreamEvent,
  AskStreamEventSchema,
  ContextBundleSchema,
  type GraphRag,
  IngestReportSchema,
  openGraphRag,
} from "./index.js";

const PDF = join(import.meta.dirname, "../../samples/pdf/federal-register-2020-17221-p1-6.pdf");
const GUIDE = `# Pump guide

## Cleaning

Clean the solar panels every week with a soft brush. The site lead signs the cleaning log.

## Filters

Replace the intake filter every month. A clogged filter lowers the pump's output.
`;

describe("the library API on a real embedded store", { timeout: 180_000 }, () => {
  const root = writeTree({ "guide.md": GUIDE, "notes.xyz": "unsupported" });
  const guide = join(root, "guide.md");
  let rag: GraphRag;
  beforeAll(async () => {
    // AGR_STORE in the environment must not matter: env false reads none.
    rag = await openGraphRag({ store: join(tempDir(), "kb.db"), embedder: "fallback", env: false });
  });
  afterAll(() => rag?.close());

  it("ingest reports like agr ingest --json: missing paths and bad files listed, reruns skip", async () => {
    const missing = join(root, "missing.md");
    const report = await rag.ingest([guide, PDF, missing, join(root, "notes.xyz")]);
    expect(IngestReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({ ingested: 2, skipped: 0, chunks_failed: 0 });
    expect(report.failed).toEqual([
      { path: missing, error: "no such file or directory" },
      { path: join(root, "notes.xyz"), error: expect.stringMatching(/^unsupported file type \.xyz/) },
    ]);
    expect(await rag.ingest(guide)).toMatchObject({ ingested: 0, skipped: 1, chunks_written: 0 });
    expect((await rag.stats()).totals).toMatchObject({ documents: 2, pages: 6 });
    expect(rag.warnings.join(" ")).toMatch(/fallback/);
  });

  it("retrieve returns the ContextBundle contract; mode, k and filter apply", async () => {
    const bundle = await rag.retrieve("What lowers the pump's output?", { mode: "bm25", k: 5 });
    expect(ContextBundleSchema.parse(bundle)).toEqual(bundle);
    expect(bundle.mode).toBe("bm25");
    expect(bundle.evidence[0]?.citation).toEqual({ kind: "url", url: `file://${guide}#filters` });
    const scoped = await rag.retrieve("What lowers the pump's output?", { filter: { kind: "pdf" } });
    expect(scoped.evidence.length).toBeGreaterThan(0);
    expect(scoped.evidence.every((e) => e.citation.kind === "pdf")).toBe(true);
    await expect(rag.retrieve("x", { k: 0 })).rejects.toThrow(/^retrieve: k: /);
    await expect(rag.retrieve("  ")).rejects.toThrow(/question/);
  });

  it("ask answers with cited, verified sentences: the agr ask --json object", async () => {
    const result = await rag.ask("What lowers the pump's output?");
    expect(AskResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      not_found: false,
      answer: expect.stringMatching(/^A clogged filter lowers the pump's output\. \[S\d\]$/),
      verification: { supported: 1, dropped: 0 },
    });
    expect(result.citations).toEqual([
      expect.objectContaining({ uri: `file://${guide}`, url: `file://${guide}#filters` }),
    ]);
    const pdf = await rag.ask("How many work-hours does revising the MEL take per operator?", {
      mode: "hybrid",
    });
    expect(pdf.citations[0]).toMatchObject({ uri: `file://${PDF}`, page: expect.any(Number) });
    expect(pdf.citations[0]?.bbox?.length).toBeGreaterThan(0);
    // Scoped to the PDF, the pump question cannot cite the guide.
    const scoped = await rag.ask("What lowers the pump's output?", { filter: { kind: "pdf" } });
    expect(scoped.answer).not.toMatch(/clogged/);
    expect(scoped.citations.every((c) => c.uri === `file://${PDF}`)).toBe(true);
    await expect(rag.ask("x", { mode: "magic" as "agent" })).rejects.toThrow(/^ask: mode: /);
    await expect(rag.ask("x", { filter: { kind: "odt" } as object })).rejects.toThrow(/^ask: filter\.kind/);
  });

  it("askStream yields the SSE stream's events, ending in the same result", async () => {
    const events: AskStreamEvent[] = [];
    for await (const e of rag.askStream("What lowers the pump's output?")) events.push(e);
    for (const e of events) expect(AskStreamEventSchema.parse(e)).toEqual(e);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("route");
    expect(types).toContain("tool_call");
    expect(types.at(-1)).toBe("result");
    const last = events.at(-1);
    const tokens = events.flatMap((e) => (e.type === "token" ? [e.text] : []));
    expect(last?.type === "result" && last.result.answer).toBe(tokens.join(""));
    expect(last?.type === "result" && last.result.citations[0]?.url).toBe(`file://${guide}#filters`);
  });

  it("refuses calls after close", async () => {
    const other = await openGraphRag({ store: join(tempDir(), "other.db"), embedder: "none", env: false });
    await other.close();
    await expect(other.ask("anything")).rejects.toThrow(/closed/);
    await expect(other.close()).resolves.toBeUndefined();
  });
});
