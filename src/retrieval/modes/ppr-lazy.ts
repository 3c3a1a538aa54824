import { forwardPush, type Neighbours, pushState } from "../../domain/graph-algorithms/local-push.js";
import { RELATION_EDGE_WEIGHT, SYNONYM_EDGE_WEIGHT } from "../../domain/phrase-edge-weights.js";
import type { EdgeRef, GraphStore } from "../../store/graph-store.js";

/** The phrase graph's edge types (see load-phrase-graph.ts). */
const PHRASE_EDGES = ["MENTIONED_IN", "NEXT", "SYNONYM", "RELATED_TO"] as const;
/** A passage's own phrase edges: SYNONYM and RELATED_TO join entities only (graph-edge.ts). */
const PASSAGE_EDGES = ["MENTIONED_IN", "NEXT"] as const;
const BARE_INBOUND = ["MENTIONED_IN", "NEXT"] as const;

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
  /** Passages mentioning each entity a question named (MENTIONED_IN edges out of it, counted). */
  private readonly mentions = new Map<string, number>();
  /** Edges touching a node, counted before loading them (an upper bound of its degree in the graph). */
  private readonly degrees = new Map<string, number>();
  /** Nodes whose count stopped at a cap: they have at least that many edges (counted again when it matters). */
  private readonly atLeast = new Set<string>();
  readonly entities = new Set<string>();
  /** Nodes met as passages (a mention's dst, either end of NEXT). */
  private readonly passages = new Set<string>();

  constructor(private readonly store: LazyStore) {}

  neighbours = (id: string): Neighbours<string> | undefined => this.adjacency.get(id);

  /** Whether a loaded node has any edge in the phrase graph (a passage seed must, to restart the walk). */
  has = (id: string): boolean => (this.adjacency.get(id)?.targets.length ?? 0) > 0;

  /** Loads the edges of `ids` not loaded yet. */
  async load(ids: readonly string[]): Promise<EdgeRef[]> {
    const todo = [...new Set(ids)].filter((id) => !this.adjacency.has(id));
    if (todo.length === 0) return [];
    // Weights are read where an edge leaves a node: a mention's weight only entity → passage, and
    // NEXT weighs 0.5 either way, so those two come bare through the dst index when inbound.
    // Passages are asked for their two edge types only (half the index seeks of all four); a
    // mention between a passage and an entity both loaded here comes once, from the entity's side.
    const [passages, others] = this.byKind(todo);
    const loading = new Set(others);
    const refs = [
      ...(await this.store.edgesTouching(others, PHRASE_EDGES, { bare: BARE_INBOUND })),
      ...(await this.store.edgesTouching(passages, PASSAGE_EDGES, { bare: BARE_INBOUND })).filter(
        (r) => r.type !== "MENTIONED_IN" || !loading.has(r.src),
      ),
    ];
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
        this.passages.add(r.dst);
        add(r.src, r.dst, r.weight ?? 1);
        add(r.dst, r.src, 1);
      } else if (r.type === "NEXT" && r.section_id !== "") {
        this.passages.add(r.src).add(r.dst);
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

  /** A node's degree as the walk knows it: counted, else its loaded edges (undefined: not known yet). */
  private degree = (id: string): number | undefined =>
    this.degrees.get(id) ?? this.adjacency.get(id)?.targets.length;

  /**
   * Passages mentioning each of `ids` that is an entity (entities absent from the store are left
   * out). Counted on the edge key, not loaded: a question's spans include common names whose
   * thousands of mentions the walk may never push (a million-chunk store's hubs).
   */
  async entityDf(ids: readonly string[]): Promise<Map<string, number>> {
    const nodes = await this.store.getNodes(ids);
    const found = nodes.filter((n) => n.label === "Entity").map((n) => n.id);
    for (const id of found) this.entities.add(id);
    const uncounted = found.filter((id) => !this.mentions.has(id));
    for (const [id, n] of await this.store.edgeCounts(uncounted, ["MENTIONED_IN"])) this.mentions.set(id, n);
    return new Map(found.map((id) => [id, this.mentions.get(id) ?? 0]));
  }

  /**
   * Node id → score by local push from `restart`, loading edges round by round. A node's bar is
   * epsilon × max(its degree, `degreeFloor`) (see PprTuning.degreeFloor).
   */
  async walk(
    restart: ReadonlyMap<string, number>,
    damping: number,
    epsilon: number,
    degreeFloor = 1,
  ): Promise<Map<string, number>> {
    // Restart nodes are not read up front: a common name restarting with little mass is a hub
    // like any other, counted first and loaded only if its residual is due.
    const state = pushState(restart);
    const options = { damping, epsilon, maxPushes: 5e6 };
    const degree = (id: string) => Math.max(degreeFloor, this.degree(id) ?? 1);
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
      const [passages, others] = this.byKind(uncounted);
      const counts = [
        ...(await this.store.edgeCounts(others, PHRASE_EDGES, cap)),
        ...(await this.store.edgeCounts(passages, PASSAGE_EDGES, cap)),
      ];
      for (const [id, n] of counts) {
        this.degrees.set(id, n);
        if (n >= cap) this.atLeast.add(id);
        else this.atLeast.delete(id);
      }
      const due = missing.filter((id) => (state.residual.get(id) ?? 0) >= epsilon * degree(id));
      await this.load(due);
    }
    return state.rank;
  }

  /** Passages and the others (entities, and nodes not met yet as either), each in order. */
  private byKind(ids: readonly string[]): [string[], string[]] {
    const passages: string[] = [];
    const others: string[] = [];
    for (const id of ids) (this.passages.has(id) ? passages : others).push(id);
    return [passages, others];
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
