import { buildBundle } from "../../src/retrieval/build-bundle.js";
import { type ContextBundle, passagesOf } from "../../src/retrieval/context-bundle.js";
import type { RankedHit, ToolResult } from "../../tools/tool-result.js";
import { nextHopQuery } from "../answer/compose-answer.js";

/** What the hop fetched, for the trace: the bridge read from the first hop and the query it made. */
export interface BridgeHop {
  bridge: string;
  query: string;
  added: number;
}

/** Passages the hop's top hits may take, right after the first hop's best ones. */
const HOP_PASSAGES = 3;
const KEEP_FIRST = 5;

/**
 * The second hop of a bridge question: read the first hop's answer (the bridge, a name whose own
 * passage the bundle lacks), search for "<what the question asks of it> <bridge>", and put that
 * search's best passages right after the first hop's best ones. Null when there is nothing to follow.
 */
export async function followBridge(
  store: Parameters<typeof buildBundle>[0],
  search: (query: string) => Promise<ToolResult>,
  question: string,
  bundle: ContextBundle,
  ranked: readonly RankedHit[],
): Promise<{ bundle: ContextBundle; hop: BridgeHop; result: ToolResult } | null> {
  const next = nextHopQuery(question, passagesOf(bundle.evidence));
  if (!next) return null;
  const result = await search(next.query);
  // New to the bundle, though maybe ranked low by the first hop (then moved up, not repeated).
  const have = new Set(passagesOf(bundle.evidence).map((e) => e.chunk_id));
  const fresh = result.ranked.filter((h) => !have.has(h.chunk_id)).slice(0, HOP_PASSAGES);
  if (fresh.length === 0) return null;
  const order = inserted(ranked, fresh, () => KEEP_FIRST);
  const merged = await buildBundle(store, question, `${bundle.mode}+bridge`, order);
  return { bundle: merged, hop: { ...next, added: fresh.length }, result };
}

/**
 * The ranking with `picked` moved (not repeated) to just after the first `at(rest)` other hits,
 * each hit scored by its new place (1, 1/2, 1/3 …) for a rebuilt bundle; an absent expansion stays absent.
 */
export function inserted(
  ranked: readonly RankedHit[],
  picked: readonly RankedHit[],
  at: (rest: readonly RankedHit[]) => number,
): RankedHit[] {
  const moved = new Set(picked.map((h) => h.chunk_id));
  const rest = ranked.filter((h) => !moved.has(h.chunk_id));
  const i = at(rest);
  return [...rest.slice(0, i), ...picked, ...rest.slice(i)].map(({ expansion, ...h }, n) => ({
    ...h,
    ...(expansion ? { expansion } : {}),
    score: 1 / (1 + n),
  }));
}
