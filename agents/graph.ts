import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { loadConfig } from "../src/config.js";
import { SqliteGraphStore } from "../src/store/embedded/sqlite-store.js";

/**
 * A minimal graph so LangGraph Studio has something to run until the agent lands:
 * BM25 search over the store, returning the best passages with their breadcrumbs.
 */
const State = Annotation.Root({
  question: Annotation<string>(),
  passages: Annotation<Array<{ chunk_id: string; breadcrumbs: string; text: string; score: number }>>(),
});

async function search(state: typeof State.State): Promise<Partial<typeof State.State>> {
  const store = SqliteGraphStore.open(loadConfig().storePath);
  try {
    const hits = await store.searchText(state.question, { k: 5 });
    const nodes = await store.getNodes(hits.map((h) => h.id));
    const sections = new Map(
      (await store.getNodes(nodes.flatMap((n) => (n.label === "Chunk" ? [n.section_id] : [])))).flatMap(
        (s) => (s.label === "Section" ? [[s.id, s.breadcrumbs] as const] : []),
      ),
    );
    const passages = nodes.flatMap((n, i) =>
      n.label === "Chunk"
        ? [
            {
              chunk_id: n.id,
              breadcrumbs: sections.get(n.section_id) ?? "",
              text: n.text,
              score: hits[i]?.score ?? 0,
            },
          ]
        : [],
    );
    return { passages };
  } finally {
    await store.close();
  }
}

export const graph = new StateGraph(State)
  .addNode("search", search)
  .addEdge(START, "search")
  .addEdge("search", END)
  .compile();
graph.name = "agentic-graph-rag (search)";
