import { join } from "node:path";
import type { Document } from "@langchain/core/documents";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir, writeTree } from "../../ingest/test-helpers.js";
import { type GraphRag, openGraphRag } from "../graph-rag.js";
import type { EvidenceMetadata } from "./evidence-document.js";
import { GraphRagRetriever } from "./graph-rag-retriever.js";
import { GRAPH_RAG_TOOL_NAMES, graphRagTools } from "./graph-rag-tools.js";
import { ScriptedToolModel } from "./test-chat-model.js";

const PDF = join(import.meta.dirname, "../../../samples/pdf/federal-register-2020-17221-p1-6.pdf");
const GUIDE = `# Pump guide

## Cleaning

Clean the solar panels every week with a soft brush. The site lead signs the cleaning log.

## Filters

Replace the intake filter every month. A clogged filter lowers the pump's output.
`;

/** A user's own agent: model → tools → model, the LangGraph tool-calling loop. */
function toolAgent(rag: GraphRag, model: ScriptedToolModel, filter?: { kind: "pdf" }) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (s) => ({ messages: [await model.invoke(s.messages)] }))
    .addNode("tools", new ToolNode(graphRagTools(rag, filter ? { filter } : {})))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition)
    .addEdge("tools", "agent")
    .compile();
}

describe("LangChain parts inside a user's LangGraph graph, on a real embedded store", {
  timeout: 180_000,
}, () => {
  const root = writeTree({ "guide.md": GUIDE });
  const guideUri = `file://${join(root, "guide.md")}`;
  let rag: GraphRag;
  beforeAll(async () => {
    rag = await openGraphRag({ store: join(tempDir(), "kb.db"), embedder: "fallback", env: false });
    const report = await rag.ingest([join(root, "guide.md"), PDF]);
    expect(report).toMatchObject({ ingested: 2, failed: [] });
  }, 180_000);
  afterAll(() => rag?.close());

  it("the retriever returns Documents whose metadata carries the citation, score and mode", async () => {
    const md = await new GraphRagRetriever({ rag, k: 5 }).invoke("What lowers the pump's output?");
    const filters = md.find((d) => d.metadata.heading_path.at(-1) === "Filters");
    expect(filters?.pageContent).toContain("A clogged filter lowers the pump's output.");
    expect(filters?.id).toBe(filters?.metadata.chunk_id);
    expect(filters?.metadata).toMatchObject({
      source: `${guideUri}#filters`,
      uri: guideUri,
      url: `${guideUri}#filters`,
      heading_path: ["Pump guide", "Filters"],
      chunk_id: expect.stringMatching(/^chk:/),
      sid: expect.stringMatching(/^S\d+$/),
      score: expect.any(Number),
      mode: "ppr",
      citation: { kind: "url", url: `${guideUri}#filters` },
    });
    expect(filters?.metadata.page).toBeUndefined();

    const pdf = await new GraphRagRetriever({ rag, mode: "bm25", k: 3 }).invoke("estimated costs work-hours");
    const page: Document<EvidenceMetadata> | undefined = pdf.find((d) => d.metadata.page !== undefined);
    expect(page?.metadata).toMatchObject({ uri: `file://${PDF}`, source: `file://${PDF}`, mode: "bm25" });
    expect(page?.metadata.page).toBeGreaterThanOrEqual(1);
    expect(page?.metadata.bbox?.[0]).toMatchObject({ page: page?.metadata.page, x0: expect.any(Number) });
    expect(page?.metadata.url).toBeUndefined();

    const scoped = await new GraphRagRetriever({ rag, filter: { kind: "pdf" } }).invoke(
      "What lowers the pump's output?",
    );
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((d) => d.metadata.uri === `file://${PDF}`)).toBe(true);
  });

  it("runs as a node of the user's StateGraph", async () => {
    const retriever = new GraphRagRetriever({ rag, k: 5, budget: 600 });
    const State = Annotation.Root({
      question: Annotation<string>,
      documents: Annotation<Document<EvidenceMetadata>[]>,
    });
    const graph = new StateGraph(State)
      .addNode("retrieve", async (s) => ({ documents: await retriever.invoke(s.question) }))
      .addEdge(START, "retrieve")
      .addEdge("retrieve", END)
      .compile();
    const out = await graph.invoke({ question: "Who signs the cleaning log?" });
    expect(out.documents[0]?.metadata.heading_path).toEqual(["Pump guide", "Cleaning"]);
    expect(out.documents.reduce((n, d) => n + d.pageContent.length, 0)).toBeLessThan(600 * 6);
  });

  it("rejects bad retriever options in one line", () => {
    expect(() => new GraphRagRetriever({ rag, k: 0 })).toThrow(/GraphRagRetriever: k: /);
  });

  it("the seven tools keep their zod schemas and run in the user's tool-calling loop", async () => {
    const tools = graphRagTools(rag);
    expect(tools.map((t) => t.name)).toEqual([...GRAPH_RAG_TOOL_NAMES]);
    await expect(tools[1]?.invoke({ query: "" })).rejects.toThrow();

    const model = new ScriptedToolModel("hybrid_search");
    const out = await toolAgent(rag, model).invoke({
      messages: [new HumanMessage("What lowers the pump's output?")],
    });
    const toolMessage = out.messages.find((m) => m instanceof ToolMessage);
    expect(toolMessage?.name).toBe("hybrid_search");
    const result = JSON.parse(model.seen[0] ?? "{}");
    expect(result).toMatchObject({ tool: "hybrid_search", query: "What lowers the pump's output?" });
    expect(result.bundle.evidence[0].citation).toEqual({ kind: "url", url: `${guideUri}#filters` });
    expect(out.messages.at(-1)?.text).toMatch(/^A clogged filter lowers the pump's output\. \[S1\]$/);
  });

  it("tools bound to a filter search and cite only inside it", async () => {
    const model = new ScriptedToolModel("hybrid_search");
    await toolAgent(rag, model, { kind: "pdf" }).invoke({
      messages: [new HumanMessage("What lowers the pump's output?")],
    });
    const evidence: Array<{ citation: { kind: string } }> = JSON.parse(model.seen[0] ?? "{}").bundle.evidence;
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.every((e) => e.citation.kind === "pdf")).toBe(true);
  });
});
