// The library's public data types: the JSON contracts of the CLI and the HTTP API, each a zod
// schema with its inferred type, so a caller can validate what it stores or sends on.
export { type AskResult, AskResultSchema } from "../../agents/ask-result.js";
export { ASK_MODES, type AskMode, AskModeSchema } from "../../agents/graph-state.js";
export {
  type AnswerCitation,
  AnswerCitationSchema,
  type TraceEvent,
  TraceEventSchema,
} from "../../agents/schemas.js";
export { AgentStreamEventSchema as AskStreamEventSchema } from "../../agents/stream-agent.js";
export type { Config } from "../config.js";
export { type Bbox, BboxSchema } from "../domain/bbox.js";
export {
  type DateRange,
  type PageRange,
  type RetrievalFilter,
  RetrievalFilterSchema,
} from "../domain/retrieval-filter.js";
export { AgrError, type ErrorKind } from "../errors.js";
export type { StatsReport } from "../ingest/stats-report.js";
export {
  type Citation,
  CitationSchema,
  type ContextBundle,
  ContextBundleSchema,
  type Evidence,
  type EvidenceKind,
  EvidenceSchema,
  type SectionSummary,
  SectionSummarySchema,
} from "../retrieval/context-bundle.js";
export { type RetrievalMode, RetrievalModeSchema } from "../retrieval/retrieval-mode.js";
export { JobReportSchema as IngestReportSchema } from "../service/job-store.js";
