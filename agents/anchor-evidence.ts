import { anchoredOrder } from "../src/retrieval/anchor-order.js";
import type { ContextBundle } from "../src/retrieval/context-bundle.js";
import type { ToolResult } from "../tools/tool-result.js";

/**
 * The bundle with an anchor call's best passages moved up within their places (anchoredOrder)
 * when the bundle already holds them, renumbered S1..Sn. Only a reorder: a passage the bundle
 * lacks is not brought in, since it would push out the bundle's last passage (docqa dev: a
 * not-found question then answered from it, answers .775 → .762, not-found .95 → .90). Same
 * passages, so the same summaries and token count.
 */
export function withAnchor(
  bundle: ContextBundle,
  anchor: ToolResult,
  within: readonly number[],
): ContextBundle {
  const ids = bundle.evidence.map((e) => e.chunk_id);
  const best = anchor.ranked
    .slice(0, within.length)
    .map((h) => (ids.includes(h.chunk_id) ? h.chunk_id : undefined));
  const order = anchoredOrder(ids, best, within);
  if (order.every((id, i) => ids[i] === id)) return bundle;
  const byId = new Map(bundle.evidence.map((e) => [e.chunk_id, e]));
  const evidence = order.flatMap((id, i) => {
    const e = byId.get(id);
    return e ? [{ ...e, sid: `S${i + 1}` }] : [];
  });
  return { ...bundle, evidence };
}
