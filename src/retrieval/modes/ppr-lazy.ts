import { forwardPush, type Neighbours, pushState } from "../../domain/graph-algorithms/local-push.js";
import { RELATION_EDGE_WEIGHT, SYNONYM_EDGE_WEIGHT } from "../../domain/phrase-edge-weights.js";
import type { EdgeRef, GraphStore } from "../../store/graph-store.js";

/** The phrase graph's edge types (see load-phrase-graph.ts). */
const PHRASE_EDGES = ["MENTIONED_IN", "NEXT", "SYNONYM", "RELATED_TO"] as const;

type Adjacency = { targets: string[]; weights: number[] };
type LazyStore = GraphStore & Required<Pick<GraphStore, "edgesTouching" | "edgeCounts">>;

const cache = new WeakMap<GraphStore, LazyPhraseGraph>();

/**
 * One lazily read graph per store handle: what earlier questions loaded (hubs above all) stays,
 * so later walks fetch only new ground. forgetPhraseGraph drops it after the data changed.
 */
export function lazyPhraseGraph(store: LazyStore): LazyPhraseGraph {
  let graph = cache.get(store);
  if (!graph) {
    graph = new LazyPhraseGraph(store);
    cache.set(store, graph);
  }
  return graph;
}

export function forgetLazyPhraseGraph(store: GraphStore): void {
  cache.delete(store);
}

/**
 * The phrase + passage graph of load-phrase-graph.ts, read from the store only where a walk
 * goes: each node's edges are fetched the first time it must be pushed, in one batch per round,
 * with the same weights (entity → passage by MENTIONED_IN weight, passage → entity 1, NEXT
 * within a section 0.5, SYNONYM, and one RELATED_TO link per pair of named entities).
 */
export class LazyPhraseGraph {
  private readonly adjacency = new Map<string, Adjacency>();
  private readonly entityType = new Map<string, string>();
  /** Passages mentioning each loaded entity (MENTIONED_IN edges out of it). */
  private readonly mentions = new Map<string, number>();
  /** Edges touching a node, counted before loading them (an upper bound of its degree in the graph). */
  private readonly degrees = new Map<string, number>();
  /** Nodes whose count stopped at a cap: they have at least that many edges (counted again when it matters). */
  private readonly atLeast = new Set<string>();
  readonly entities = new Set<string>();

  constructor(private readonly store: LazyStore) {}

  neighbours = (id: string): Neighbours<string> | undefined => this.adjacency.get(id);

  /** Whether a loaded node has any edge in the phrase graph (a passage seed must, to restart the walk). */
  has = (id: string): boolean => (this.adjacency.get(id)?.targets.length ?? 0) > 0;

  /** Loads the edges of `ids` not loaded yet. */
  async load(ids: readonly string[]): Promise<EdgeRef[]> {
    const todo = [...new Set(ids)].filter((id) => !this.adjacency.has(id));
    if (todo.length === 0) return [];
    const refs = await this.store.edgesTouching(todo, PHRASE_EDGES);
    await this.loadTypes(refs);
    const wanted = new Set(todo);
    for (const id of todo) this.adjacency.set(id, { targets: [], weights: [] });
    const add = (from: string, to: string, w: number) => {
      if (!wanted.has(from)) return;
      const a = this.adjacency.get(from);
      a?.targets.push(to);
      a?.weights.push(w);
    };
    const related = new Set<string>();
    for (const r of refs) {
      if (r.type === "MENTIONED_IN") {
        this.entities.add(r.src);
        if (wanted.has(r.src)) this.mentions.set(r.src, (this.mentions.get(r.src) ?? 0) + 1);
        add(r.src, r.dst, r.weight ?? 1);
        add(r.dst, r.src, 1);
      } else if (r.type === "NEXT" && r.section_id !== "") {
        add(r.src, r.dst, 0.5);
        add(r.dst, r.src, 0.5);
      } else if (r.type === "SYNONYM" && r.src !== r.dst) {
        this.entities.add(r.src).add(r.dst);
        add(r.src, r.dst, SYNONYM_EDGE_WEIGHT * (r.weight ?? 1));
        add(r.dst, r.src, SYNONYM_EDGE_WEIGHT * (r.weight ?? 1));
      } else if (r.type === "RELATED_TO" && r.predicate !== "alias of" && r.src !== r.dst) {
        this.entities.add(r.src).add(r.dst);
        if (!this.named(r.src) || !this.named(r.dst)) continue;
        // One link per pair, however many facts relate the two.
        const [a, b] = r.src < r.dst ? [r.src, r.dst] : [r.dst, r.src];
        const pair = `${a}\u0000${b}`;
        if (related.has(pair)) continue;
        related.add(pair);
        add(a, b, RELATION_EDGE_WEIGHT);
        add(b, a, RELATION_EDGE_WEIGHT);
      }
    }
    return refs;
  }

  /** Passages mentioning each of `ids` that is an entity (entities absent from the store are left out). */
  async entityDf(ids: readonly string[]): Promise<Map<string, number>> {
    const nodes = await this.store.getNodes(ids);
    const found = nodes.filter((n) => n.label === "Entity").map((n) => n.id);
    for (const id of found) this.entities.add(id);
    await this.load(found);
    return new Map(found.map((id) => [id, this.mentions.get(id) ?? 0]));
  }

  /** Node id → score by local push from `restart`, loading edges round by round. */
  async walk(
    restart: ReadonlyMap<string, number>,
    damping: number,
    epsilon: number,
  ): Promise<Map<string, number>> {
    const state = pushState(restart);
    await this.load([...restart.keys()]);
    const options = { damping, epsilon, maxPushes: 5e6 };
    const degree = (id: string) => this.degrees.get(id);
    for (let round = 0; round < 1000; round++) {
      const missing = forwardPush(state, this.neighbours, options, degree);
      if (missing.length === 0) break;
      // Count first: a hub whose residual is below epsilon × its edges is not pushed, so its
      // (many) edges are not read; the others are loaded.
      // Counting past residual / epsilon tells nothing more (the node is not due either way), so
      // counts stop there: a hub costs that many index entries, not its thousands of edges.
      const uncounted = missing.filter((id) => !this.degrees.has(id) || this.atLeast.has(id));
      let cap = 1;
      for (const id of uncounted)
        cap = Math.max(cap, Math.floor((state.residual.get(id) ?? 0) / epsilon) + 1);
      for (const [id, n] of await this.store.edgeCounts(uncounted, PHRASE_EDGES, cap)) {
        this.degrees.set(id, n);
        if (n >= cap) this.atLeast.add(id);
        else this.atLeast.delete(id);
      }
      const due = missing.filter(
        (id) => (state.residual.get(id) ?? 0) >= epsilon * Math.max(1, this.degrees.get(id) ?? 1),
      );
      await this.load(due);
    }
    return state.rank;
  }

  private named(id: string): boolean {
    const t = this.entityType.get(id);
    return t === "NAME" || t === "TITLE";
  }

  private async loadTypes(refs: readonly EdgeRef[]): Promise<void> {
    const ids = new Set<string>();
    for (const r of refs)
      if (r.type === "RELATED_TO") for (const id of [r.src, r.dst]) if (!this.entityType.has(id)) ids.add(id);
    if (ids.size === 0) return;
    for (const n of await this.store.getNodes([...ids]))
      if (n.label === "Entity") this.entityType.set(n.id, n.type);
    for (const id of ids) if (!this.entityType.has(id)) this.entityType.set(id, "");
  }
}
