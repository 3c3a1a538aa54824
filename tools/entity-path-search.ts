import type { GraphStore } from "../src/store/graph-store.js";
import { chunksOfEntity, entitiesOfChunks, loadEntities, relatedEntities } from "./graph-walk.js";

/** An entity-to-entity step: a passage naming both, or a stated relation. */
export type Via = { chunk_id: string; predicate?: string; forward?: boolean };
interface Visit {
  origin: number;
  depth: number;
  parent?: string;
  via?: Via;
}
export interface RawPath {
  entities: string[];
  steps: Via[];
}

/** Entities named in more passages than this are not walked through (they link everything). */
const HUB = 60;
const PASSAGES_PER_STEP = 10;
const ENTITIES_PER_PASSAGE = 15;
const MAX_EXPANSIONS = 250;

/**
 * Multi-source breadth-first search from the query's entities over shared passages and RELATED_TO
 * facts, level by level: where two searches meet, the two halves make a path between their
 * sources. With one source, every entity reached is a path of its neighbourhood.
 */
export async function multiSourceSearch(store: GraphStore, sources: readonly string[], maxHops: number) {
  const visits = new Map<string, Visit>(sources.map((id, origin) => [id, { origin, depth: 0 }]));
  const connected = new Set<string>();
  const connecting: RawPath[] = [];
  const around: RawPath[] = [];
  const notes: string[] = [];
  const entitiesOf = new Map<string, string[]>();
  const sourcePassages: string[] = [];
  let frontier = [...sources];
  let expansions = 0;
  for (let depth = 1; depth <= maxHops && frontier.length > 0; depth++) {
    const next: string[] = [];
    const nodes = await loadEntities(store, frontier);
    const pairs = (sources.length * (sources.length - 1)) / 2;
    for (const entity of frontier) {
      // Every pair of the query's entities is connected: nothing more to find.
      if (pairs > 0 && connected.size === pairs) break;
      const from = visits.get(entity) as Visit;
      // Dates ("December 31, 2019") join unrelated facts: a path may end at one, not pass through it.
      if (from.depth > 0 && nodes.get(entity)?.type === "DATE") continue;
      if (++expansions > MAX_EXPANSIONS) break;
      const { chunks, df } = await chunksOfEntity(store, entity, PASSAGES_PER_STEP);
      if (depth === 1) sourcePassages.push(...chunks.slice(0, 3));
      if (df > HUB && from.depth > 0) continue;
      const steps: Array<{ to: string; via: Via }> = (await relatedEntities(store, entity)).flatMap((r) =>
        r.chunk_id
          ? [{ to: r.entity, via: { chunk_id: r.chunk_id, predicate: r.predicate, forward: r.forward } }]
          : [],
      );
      for (const c of chunks) {
        if (!entitiesOf.has(c))
          entitiesOf.set(
            c,
            ((await entitiesOfChunks(store, [c])).get(c) ?? []).slice(0, ENTITIES_PER_PASSAGE),
          );
        for (const to of entitiesOf.get(c) ?? []) steps.push({ to, via: { chunk_id: c } });
      }
      for (const { to, via } of steps) {
        if (to === entity) continue;
        const seen = visits.get(to);
        if (!seen) {
          visits.set(to, { origin: from.origin, depth, parent: entity, via });
          next.push(to);
          if (sources.length === 1) around.push(pathTo(visits, to));
          continue;
        }
        const pair = [from.origin, seen.origin].sort().join("-");
        if (seen.origin === from.origin || connected.has(pair)) continue;
        connected.add(pair);
        const left = pathTo(visits, entity);
        const right = reversed(pathTo(visits, to));
        const joined = {
          entities: [...left.entities, ...right.entities],
          steps: [...left.steps, via, ...right.steps],
        };
        // Paths read in the order the query names their ends.
        connecting.push(from.origin < seen.origin ? joined : reversed(joined));
      }
    }
    if (expansions > MAX_EXPANSIONS) {
      notes.push(`search stopped after ${MAX_EXPANSIONS} entity expansions`);
      break;
    }
    frontier = next;
  }
  // Single entity: its nearest, most specific neighbours first (stated relations before co-mentions).
  around.sort(
    (a, b) =>
      a.steps.length - b.steps.length ||
      Number(b.steps.some((s) => s.predicate)) - Number(a.steps.some((s) => s.predicate)),
  );
  return {
    connecting: connecting.sort((a, b) => a.steps.length - b.steps.length),
    around,
    notes,
    sourcePassages,
  };
}

/** The same path read backwards: a stated relation's arrow flips. */
export function reversed(p: RawPath): RawPath {
  return {
    entities: [...p.entities].reverse(),
    steps: [...p.steps].reverse().map((s) => (s.forward === undefined ? s : { ...s, forward: !s.forward })),
  };
}

function pathTo(visits: ReadonlyMap<string, Visit>, id: string): RawPath {
  const entities = [id];
  const steps: Via[] = [];
  let at = visits.get(id);
  while (at?.parent && at.via) {
    entities.unshift(at.parent);
    steps.unshift(at.via);
    at = visits.get(at.parent);
  }
  return { entities, steps };
}
