import type { ResolvedDeps } from "../agent-deps.js";
import { verifyAgainstFacts } from "../answer/verify-facts.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { createStepMeter, meterDetail } from "../llm/step-meter.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/**
 * Checks every sentence against the evidence it cites (re-cites or drops unsupported ones), then
 * against the triplets the graph tools returned: a sentence swapping a fact's subject and object
 * is dropped, and the answer's clashes with the facts (and the facts' among themselves) are
 * reported as contradictions.
 */
export function createVerifyNode(deps: DepsSource<ResolvedDeps>) {
  return async function verify(state: GraphStateType): Promise<GraphStateUpdate> {
    const { verifier } = await deps();
    if (!state.draft) throw new Error("verify needs a draft");
    const meter = createStepMeter();
    const evidence = state.evidence?.evidence ?? [];
    const first = await verifier(state.draft, evidence, meter.ctx);
    const { draft, report } = verifyAgainstFacts(first, state.facts, evidence);
    return {
      draft,
      verification: report,
      tokens: meter.tokens,
      trace: [
        traceEvent(state, "verify", {
          sentences: report.sentences,
          supported: report.supported,
          revised: report.checks.filter((c) => c.verdict === "revised").length,
          dropped: report.dropped,
          // Per-sentence verdicts for the UI's trace view: "verdict support [S#] sentence — why".
          verdicts: report.checks.map(
            (c) =>
              `${c.verdict} ${c.support.toFixed(2)} [${c.cites.join(",")}] ${c.text}` +
              (c.reasons?.length ? ` — ${c.reasons.join("; ")}` : ""),
          ),
          contradictions: report.contradictions.map(
            (c) => `${c.subject} ${c.predicate}: ${c.objects.join(" vs ")}`,
          ),
          ...meterDetail(meter),
        }),
      ],
    };
  };
}
