/**
 * agentic-graph-rag as a library: open a knowledge graph over an embedded store file or Neo4j,
 * ingest documents, retrieve cited context bundles and ask for cited, verified answers (also
 * streamed), offline by default. The LangChain.js parts are in "agentic-graph-rag/langchain".
 */
export { type AskStreamEvent, type GraphRag, graphRagOver, openGraphRag } from "./graph-rag.js";
export type { IngestOptions, IngestReport } from "./ingest-files.js";
export {
  configFromOptions,
  type Neo4jConnection,
  type OpenGraphRagOptions,
  OpenGraphRagOptionsSchema,
} from "./open-options.js";
export * from "./public-types.js";
export {
  type AskOptions,
  AskOptionsSchema,
  type RetrieveOptions,
  RetrieveOptionsSchema,
} from "./request-options.js";
