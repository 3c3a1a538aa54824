import type { ResolvedDeps } from "../agent-deps.js";
import { findContradictions } from "../answer/find-contradictions.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { createStepMeter, meterDetail } from "../llm/step-meter.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/**
 * Checks every sentence against the evidence it cites (re-cites or drops unsupported ones) and
 * looks for contradictory facts among the triplets the graph tools returned for the evidence.
 */
export function createVerifyNode(deps: DepsSource<ResolvedDeps>) {
  return async function verify(state: GraphStateType): Promise<GraphStateUpdate> {
    const { verifier } = await deps();
    if (!state.draft) throw new Error("verify needs a draft");
    const meter = createStepMeter();
    const { draft, report } = await verifier(state.draft, state.evidence?.evidence ?? [], meter.ctx);
    // Only facts stated by passages of the evidence: those are what the answer may rest on.
    const inEvidence = new Set(state.evidence?.evidence.map((e) => e.chunk_id));
    const contradictions = findContradictions(
      state.facts
        .filter((t) => inEvidence.has(t.chunk_id))
        .map((t) => ({
          id: t.relation_id,
          subject: t.subject,
          predicate: t.predicate,
          object: t.object,
          ...(t.valid_from ? { valid_from: t.valid_from } : {}),
          ...(t.valid_to ? { valid_to: t.valid_to } : {}),
        })),
    );
    const verification = { ...report, contradictions: [...report.contradictions, ...contradictions] };
    return {
      draft,
      verification,
      tokens: meter.tokens,
      trace: [
        traceEvent(state, "verify", {
          sentences: report.sentences,
          supported: report.supported,
          revised: report.checks.filter((c) => c.verdict === "revised").length,
          dropped: report.dropped,
          // Per-sentence verdicts for the UI's trace view: "verdict support [S#] sentence".
          verdicts: report.checks.map(
            (c) => `${c.verdict} ${c.support.toFixed(2)} [${c.cites.join(",")}] ${c.text}`,
          ),
          contradictions: verification.contradictions.map(
            (c) => `${c.subject} ${c.predicate}: ${c.objects.join(" vs ")}`,
          ),
          ...meterDetail(meter),
        }),
      ],
    };
  };
}
