import type { GraphStateType } from "../graph-state.js";
import type { TraceEvent } from "../schemas.js";

/** One trace entry, timed from the start of the run. */
export function traceEvent(
  state: Pick<GraphStateType, "started_at">,
  step: string,
  detail: TraceEvent["detail"],
): TraceEvent {
  return { step, at_ms: Math.max(0, Date.now() - (state.started_at ?? Date.now())), detail };
}

export type DepsSource<D> = () => Promise<D>;
