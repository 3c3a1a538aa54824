import { randomUUID } from "node:crypto";
import neo4j, { type Driver } from "neo4j-driver";
import { z } from "zod";
import { normalise } from "../../domain/vector-math.js";
import type {
  GraphPushdown,
  PushdownPprOptions,
  VectorCypherGraph,
  VectorCypherQuery,
  WeightedPair,
} from "../graph-pushdown.js";
import type { ScoredId } from "../graph-store.js";
import * as G from "./cypher-gds.js";
import { vectorCypherQuery } from "./cypher-vector.js";
import { fromNeo4j } from "./records.js";
import { decodeVectorCypher } from "./vector-cypher-records.js";

/** Phrase-graph edge weights, passed in so the projection matches load-phrase-graph.ts. */
export interface PhraseWeights {
  synonym: number;
  relation: number;
}

const ScoredRows = z.array(z.object({ id: z.string(), score: z.number() }));
const Plugins = z.object({ gds: z.boolean(), apoc: z.boolean() });
/** Section authority runs to convergence, as the in-process sectionAuthority does. */
const AUTHORITY = { damping: 0.85, maxIterations: 100, tolerance: 1e-10 };

type Row = Record<string, unknown>;

/**
 * GraphPushdown on Neo4j with Graph Data Science: projections are named uniquely and always
 * dropped, except the phrase graph, which is projected once per store handle and kept for the
 * queries (PPR at query time would otherwise pay the projection on every question) until
 * `forget()`.
 */
export class GdsPushdown implements GraphPushdown {
  private phraseGraph: Promise<string> | null = null;

  private constructor(
    private readonly driver: Driver,
    private readonly database: string,
    readonly engine: string,
    readonly apoc: boolean,
    private readonly weights: PhraseWeights,
    readonly queryPpr: boolean,
  ) {}

  /** The push-down when the server has GDS, else null (callers then compute in process). */
  static async detect(
    driver: Driver,
    database: string,
    weights: PhraseWeights,
    queryPpr = false,
  ): Promise<GdsPushdown | null> {
    const run = async (cypher: string) =>
      (await driver.executeQuery(cypher, {}, { database })).records.map((r) => r.toObject());
    const plugins = Plugins.parse((await run(G.SHOW_PLUGIN_PROCEDURES))[0] ?? { gds: false, apoc: false });
    if (!plugins.gds) return null;
    const version = z.string().parse((await run(G.GDS_VERSION))[0]?.version);
    return new GdsPushdown(driver, database, `neo4j-gds ${version}`, plugins.apoc, weights, queryPpr);
  }

  private async run(cypher: string, params: Row = {}): Promise<Row[]> {
    const session = this.driver.session({ database: this.database });
    try {
      const result = await session.run(cypher, params);
      return result.records.map((r) => fromNeo4j(r.toObject()) as Row);
    } finally {
      await session.close();
    }
  }

  /**
   * Projects with `project`, runs `work`, and drops the graph whatever happens. No rows to
   * project create no graph: `empty` is the answer then.
   */
  private async withGraph<T>(
    project: string,
    params: Row,
    empty: T,
    work: (name: string) => Promise<T>,
  ): Promise<T> {
    const name = `agr-${randomUUID()}`;
    try {
      const [row] = await this.run(project, { ...params, name });
      if (!(typeof row?.nodes === "number" && row.nodes > 0)) return empty;
      return await work(name);
    } finally {
      await this.run(G.DROP_GRAPH, { name });
    }
  }

  async sectionAuthority(): Promise<Map<string, number>> {
    return this.withGraph(G.PROJECT_SECTIONS, {}, new Map<string, number>(), async (name) => {
      const rows = ScoredRows.parse(
        await this.run(G.PAGE_RANK_SCALED, { name, ...pageRankParams(AUTHORITY) }),
      );
      return new Map(rows.map((r) => [r.id, r.score]));
    });
  }

  private phraseGraphName(): Promise<string> {
    if (!this.phraseGraph) {
      const name = `agr-phrase-${randomUUID()}`;
      const { synonym, relation } = this.weights;
      const projected = this.run(G.PROJECT_PHRASE_GRAPH, { name, synonym, relation }).then(() => name);
      // A failed projection is not cached: the next query tries again.
      projected.catch(() => {
        if (this.phraseGraph === projected) this.phraseGraph = null;
      });
      this.phraseGraph = projected;
    }
    return this.phraseGraph;
  }

  async phrasePpr(restart: ReadonlyMap<string, number>, options: PushdownPprOptions): Promise<ScoredId[]> {
    const groups = new Map<number, string[]>();
    for (const [id, w] of restart) {
      if (!(w > 0)) continue;
      const g = groups.get(w);
      if (g) g.push(id);
      else groups.set(w, [id]);
    }
    if (groups.size === 0 || options.k <= 0) return [];
    const name = await this.phraseGraphName();
    const rows = await this.run(G.PHRASE_PPR, {
      name,
      groups: [...groups].map(([w, ids]) => ({ w, ids })),
      ...pageRankParams(options),
      k: neo4j.int(options.k),
    });
    return ScoredRows.parse(rows);
  }

  async entityDf(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = z
      .array(z.object({ id: z.string(), df: z.number() }))
      .parse(await this.run(G.ENTITY_DF, { ids: [...ids] }));
    return new Map(rows.map((r) => [r.id, r.df]));
  }

  async louvain(pairs: ReadonlyArray<WeightedPair>): Promise<Map<string, number>> {
    const ids: string[] = [];
    const index = new Map<string, number>();
    const at = (id: string) => {
      let i = index.get(id);
      if (i === undefined) {
        i = ids.length;
        ids.push(id);
        index.set(id, i);
      }
      return neo4j.int(i);
    };
    const rows = pairs
      .filter((p) => p.a !== p.b && p.weight > 0)
      .map((p) => ({ a: at(p.a), b: at(p.b), w: p.weight }));
    if (rows.length === 0) return new Map();
    return this.withGraph(G.PROJECT_PAIRS, { pairs: rows }, new Map<string, number>(), async (name) => {
      const out = z
        .array(z.object({ node: z.number().int(), community: z.number().int() }))
        .parse(await this.run(G.LOUVAIN, { name }));
      return new Map(out.map((r) => [ids[r.node] ?? "", r.community]));
    });
  }

  async vectorCypher(q: VectorCypherQuery): Promise<VectorCypherGraph> {
    const { cypher, index } = vectorCypherQuery(q.kind, q.depth);
    const [row] = await this.run(cypher, {
      index,
      // Normalised as searchVectors does: the index scores unit vectors, other norms skew it.
      vec: Array.from(normalise(q.vector)),
      seeds: neo4j.int(q.seeds),
      maxEntities: neo4j.int(q.maxEntities),
      perEntity: neo4j.int(q.passagesPerEntity),
    });
    return decodeVectorCypher(row);
  }

  async forget(): Promise<void> {
    const projected = this.phraseGraph;
    this.phraseGraph = null;
    const name = await projected?.catch(() => null);
    if (name) await this.run(G.DROP_GRAPH, { name });
  }
}

const pageRankParams = (o: { damping: number; maxIterations: number; tolerance: number }) => ({
  damping: o.damping,
  maxIterations: neo4j.int(o.maxIterations),
  tolerance: o.tolerance,
});
