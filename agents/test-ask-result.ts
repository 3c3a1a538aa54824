import type { AskResult } from "./ask-result.js";

/** An `agr ask --json` result for unit tests: "not found" with its reason unless `over` says otherwise. */
export const askResult = (over: Partial<AskResult> = {}): AskResult => ({
  answer: "Not found in the indexed documents.",
  not_found: true,
  route: "simple",
  citations: [],
  short_answer: null,
  not_found_reason: "the evidence never names Orrin Vale Logistics",
  verification: { sentences: 0, supported: 0, dropped: 0, contradictions: [] },
  trace: [],
  tokens: { prompt: 0, completion: 0 },
  ...over,
});
