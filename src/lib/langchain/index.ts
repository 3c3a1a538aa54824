/**
 * LangChain.js parts of agentic-graph-rag: a retriever returning cited Documents and the agent's
 * seven retrieval tools, for your own chains, `createReactAgent` or StateGraph.
 */
export { type EvidenceMetadata, evidenceDocument } from "./evidence-document.js";
export { GraphRagRetriever, type GraphRagRetrieverInput } from "./graph-rag-retriever.js";
export { GRAPH_RAG_TOOL_NAMES, type GraphRagToolsOptions, graphRagTools } from "./graph-rag-tools.js";
