import type { buildBundle } from "../../src/retrieval/build-bundle.js";
import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { RankedHit, ToolResult } from "../../tools/tool-result.js";
import type { Runner } from "../agent-tools.js";
import type { RetrievalPlan } from "../retrieval-plan.js";
import type { ToolCall } from "../schemas.js";
import { type BridgeBeam, followBeam } from "./bridge-beam.js";
import { type BridgeHop, followBridge } from "./bridge-hop.js";

/** What an unplanned question's follow-up searches did to its evidence, for the trace. */
export interface ChainFollowUps {
  bundle: ContextBundle;
  results: ToolResult[];
  calls: ToolCall[];
  beam?: BridgeBeam;
  bridge?: BridgeHop;
}

const BEAM_K = 10;
const BRIDGE_K = 20;

/**
 * A question the rules did not plan may still be a chain. On a multi-hop route the beam follows
 * its best passage's names (bridge-beam.ts); a bridge-shaped question whose first answer has no
 * passage here then takes one more hop by that answer's name (bridge-hop.ts). `orderOf` gives
 * the ranking a bundle stands for (passages other searches merged in stay in it). Null when
 * neither fired.
 */
export async function followUnplannedChain(
  store: Parameters<typeof buildBundle>[0],
  hybrid: Runner,
  question: string,
  plan: RetrievalPlan,
  bundle: ContextBundle,
  orderOf: (bundle: ContextBundle) => RankedHit[],
): Promise<ChainFollowUps | null> {
  const calls: ToolCall[] = [];
  const results: ToolResult[] = [];
  const ids = (r: ToolResult | undefined) => r?.bundle.evidence.map((e) => e.chunk_id) ?? [];
  let out = bundle;
  const beam = plan.beam
    ? await followBeam(store, (query) => hybrid({ query, k: BEAM_K }), question, out, orderOf(out))
    : null;
  if (beam) {
    out = beam.bundle;
    results.push(...beam.results);
    beam.beam.bridges.forEach((b, i) => {
      calls.push({
        tool: "hybrid_search",
        input: { query: b.query, k: BEAM_K },
        evidence_ids: ids(beam.results[i]),
      });
    });
  }
  const hop = await followBridge(
    store,
    (query) => hybrid({ query, k: BRIDGE_K }),
    question,
    out,
    orderOf(out),
  );
  if (hop) {
    out = hop.bundle;
    results.push(hop.result);
    calls.push({
      tool: "hybrid_search",
      input: { query: hop.hop.query, k: BRIDGE_K },
      evidence_ids: ids(hop.result),
    });
  }
  if (!beam && !hop) return null;
  return {
    bundle: out,
    results,
    calls,
    ...(beam ? { beam: beam.beam } : {}),
    ...(hop ? { bridge: hop.hop } : {}),
  };
}
