import type { ScoredId } from "../../store/graph-store.js";
import { normalise } from "../fuse.js";

/**
 * The restart distribution of pprRank, by node id, shared by the in-process and the pushed-down
 * walk: each question entity weighs 1 / (passages mentioning it); the top passage seeds add
 * `passageSeedWeight` of the entity mass, by normalised seed score. `inGraph` says which passage
 * ids the phrase graph holds (others cannot restart the walk).
 */
export function pprRestart(
  linked: ReadonlyArray<{ id: string; df: number }>,
  seeds: readonly ScoredId[],
  tuning: { passageSeedWeight: number; passageSeeds: number },
  inGraph: (id: string) => boolean,
): Map<string, number> {
  const restart = new Map<string, number>();
  for (const e of linked) restart.set(e.id, 1 / Math.max(1, e.df));
  const entityMass = [...restart.values()].reduce((a, b) => a + b, 0) || 1;
  const top = seeds.slice(0, tuning.passageSeeds);
  const norm = normalise(new Map(top.map((s) => [s.id, s.score])));
  for (const s of top) {
    if (!inGraph(s.id)) continue;
    restart.set(
      s.id,
      (restart.get(s.id) ?? 0) + entityMass * tuning.passageSeedWeight * (norm.get(s.id) ?? 0) + 1e-9,
    );
  }
  return restart;
}

/** Graph passages first (best first, ties by id), then seeds the walk did not reach, score 0. */
export function withSeedTail(ranked: readonly ScoredId[], seeds: readonly ScoredId[], k: number): ScoredId[] {
  const seen = new Set(ranked.map((r) => r.id));
  const rest = seeds.filter((s) => !seen.has(s.id)).map((s) => ({ id: s.id, score: 0 }));
  return [...ranked, ...rest].slice(0, k);
}
