import type { ScoredId } from "./graph-store.js";

/**
 * What a backend can compute inside the database instead of in process (Neo4j with the Graph
 * Data Science plugin). Every method computes the same thing as its in-process twin, named in
 * its doc, on the same stored graph: callers take the push-down when the store offers one.
 */
export interface GraphPushdown {
  /** e.g. "neo4j-gds 2.13.9": reported in traces and benchmark output. */
  readonly engine: string;
  /** APOC is loaded too (informational: VectorCypher uses a quantified path pattern either way). */
  readonly apoc: boolean;
  /**
   * Whether pprRank should walk in the database at query time. The phrase graph is projected
   * once per store handle, yet each question still costs several GDS runs (one per restart
   * weight) and measured slower than the in-process walk over the cached graph.
   */
  readonly queryPpr: boolean;
  /**
   * Section authority as src/index/graph-analytics.ts `sectionAuthority` over every Section and
   * its REFERS_TO, LINKS_TO and PART_OF edges to other sections: PageRank, mean 1.
   */
  sectionAuthority(): Promise<Map<string, number>>;
  /**
   * Personalized PageRank over the phrase + passage graph of src/retrieval/load-phrase-graph.ts,
   * restarting at `restart` (node id → weight, normalised here); the k best passages (chunks).
   */
  phrasePpr(restart: ReadonlyMap<string, number>, options: PushdownPprOptions): Promise<ScoredId[]>;
  /** Entities whose ids are given, with the passages mentioning each (MENTIONED_IN count). */
  entityDf(ids: readonly string[]): Promise<Map<string, number>>;
  /** Louvain over undirected weighted pairs: node → community number (nodes without pairs absent). */
  louvain(pairs: ReadonlyArray<WeightedPair>): Promise<Map<string, number>>;
  /** VectorCypher in one round trip (see tools/vector-cypher.ts for the in-process twin). */
  vectorCypher(query: VectorCypherQuery): Promise<VectorCypherGraph>;
  /** Drops cached projections (after the data changed, or before closing the store). */
  forget(): Promise<void>;
}

export interface PushdownPprOptions {
  damping: number;
  maxIterations: number;
  tolerance: number;
  k: number;
}

export interface WeightedPair {
  a: string;
  b: string;
  weight: number;
}

export interface VectorCypherQuery {
  vector: Float32Array;
  /** Vector kind searched for entry chunks ("text"). */
  kind: string;
  seeds: number;
  /** 1 = the entry chunks' entities; each more = one RELATED_TO hop. */
  depth: number;
  /** Entities kept (the strongest), and passages read per entity. */
  maxEntities: number;
  passagesPerEntity: number;
}

/** What the typed traversal reached; scoring and packing are shared with the in-process path. */
export interface VectorCypherGraph {
  /** Entry chunks, best first. */
  seeds: ScoredId[];
  /** Every reached entity → its hops from the entry entities. */
  hops: Map<string, number>;
  /** The strongest reached entities (at most maxEntities, strongest first): hops, weight, passages and df. */
  entities: Array<{ id: string; name: string; hops: number; weight: number; chunks: string[]; df: number }>;
  /** Relations whose subject was reached and whose object was reached too or subject is at hop 0. */
  relations: Array<{
    id: string;
    subject: string;
    subject_name: string;
    predicate: string;
    object: string;
    object_name: string;
    chunk_id: string;
    evidence: string;
    valid_from?: string;
    valid_to?: string;
  }>;
}
