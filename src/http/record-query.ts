import type { AskResult } from "../../agents/ask-result.js";
import type { Engine } from "../service/engine.js";
import { anchorOf } from "../service/feedback-log.js";
import { type QueryEndpoint, routeLabel } from "../service/query-monitor.js";
import type { ServerContext } from "./app-env.js";

export interface AnsweredQuery {
  endpoint: QueryEndpoint;
  /** The answering mode asked for (agent, or a forced one). */
  mode: string;
  /** ctx.queries.start() when the request began. */
  started: number;
  trace_id: string;
  question: string;
  result: AskResult;
}

/** An answered query into the monitor (by route) and the feedback log (its cited chunks, or not found). */
export function recordAnswer(ctx: ServerContext, engine: Engine, a: AnsweredQuery): void {
  const route = routeLabel(a.mode, a.result.route);
  ctx.queries.record({
    route,
    endpoint: a.endpoint,
    started: a.started,
    not_found: a.result.not_found,
    question: a.question,
    trace_id: a.trace_id,
  });
  try {
    engine.feedback.logQuery({
      trace_id: a.trace_id,
      question: a.question,
      route,
      not_found: a.result.not_found,
      cited: a.result.citations.map((c) => {
        const anchor = anchorOf(c.url);
        return { S: c.S, chunk_id: c.chunk_id, ...(anchor ? { anchor } : {}) };
      }),
    });
  } catch {
    // The log is best effort: a full disk must not cost the user the answer already computed.
  }
}
