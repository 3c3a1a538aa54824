/**
 * Whole-graph algorithms of the store benchmark: section authority (PageRank) and Louvain
 * communities, in process (reading the graph through the GraphStore port, from either backend)
 * and pushed down to Neo4j GDS; with how far the results agree.
 */

import { LOUVAIN_PER_NODE, sparse } from "../../../src/index/communities/build-communities.js";
import { entityLinkWeights } from "../../../src/index/communities/entity-links.js";
import { louvainGroups } from "../../../src/index/communities/louvain-partition.js";
import { membership, modularity, nmi } from "../../../src/index/communities/partition-quality.js";
import { relatedSectionWeights } from "../../../src/index/communities/related-sections.js";
import type { WeightedPairs } from "../../../src/index/communities/weighted-pairs.js";
import { sectionAuthority } from "../../../src/index/graph-analytics.js";
import type { GraphPushdown } from "../../../src/store/graph-pushdown.js";
import type { GraphStore } from "../../../src/store/graph-store.js";
import { maxAbsDiff, seconds, timed, topKeys } from "./measure.js";

async function sectionGraph(store: GraphStore) {
  const types = ["REFERS_TO", "LINKS_TO", "PART_OF"] as const;
  const [sections, ...links] = await Promise.all([
    store.findNodes({ label: "Section" }),
    ...types.map((type) => store.findEdges({ type })),
  ]);
  return { ids: sections.map((s) => s.id), links: links.flat() };
}

/** Sections linked by references and links (the stored graph has no MENTIONS: no shared-entity pairs). */
async function sectionPairs(store: GraphStore): Promise<WeightedPairs> {
  const [sections, refers, links] = await Promise.all([
    store.findNodes({ label: "Section" }),
    store.findEdges({ type: "REFERS_TO" }),
    store.findEdges({ type: "LINKS_TO" }),
  ]);
  const pairs = relatedSectionWeights(new Set(sections.map((s) => s.id)), refers, links, [], []);
  return sparse(pairs.entries(), LOUVAIN_PER_NODE);
}

/** The entity graph of build-communities.ts: stated relations and shared passages. */
async function entityPairs(store: GraphStore): Promise<WeightedPairs> {
  const [entities, related, mentionedIn] = await Promise.all([
    store.findNodes({ label: "Entity" }),
    store.findEdges({ type: "RELATED_TO" }),
    store.findEdges({ type: "MENTIONED_IN" }),
  ]);
  return sparse(entityLinkWeights(entities, related, mentionedIn).entries(), LOUVAIN_PER_NODE);
}

type Row = [string, string, string, string, string, string];
const row = (algorithm: string, where: string, read: number | null, compute: number, note: string): Row => [
  algorithm,
  where,
  read === null ? "-" : seconds(read),
  seconds(compute),
  seconds((read ?? 0) + compute),
  note,
];
export const ANALYTICS_HEADER: Row = ["algorithm", "where", "read s", "compute s", "total s", "result"];

/**
 * Authority and Louvain on the embedded store (in process), on Neo4j in process (reading through
 * the port) and on Neo4j pushed down to GDS. Rows for the table.
 */
export async function graphAnalytics(embedded: GraphStore, neo: GraphStore): Promise<Row[]> {
  const rows: Row[] = [];
  const pushdown: GraphPushdown | undefined = neo.pushdown;

  // Section authority (PageRank, mean 1).
  const inProcess = async (store: GraphStore) => {
    const [g, read] = await timed(() => sectionGraph(store));
    const [scores, compute] = await timed(() => sectionAuthority(g.ids, g.links));
    return { g, read, compute, scores };
  };
  const emb = await inProcess(embedded);
  const local = await inProcess(neo);
  const shape = `${emb.g.ids.length} sections, ${emb.g.links.length} links`;
  // Copies of a section score the same: a top-10 id tied with the 10th in-process score counts as shared.
  const top = topKeys(local.scores, 10);
  const kth = local.scores.get(top[top.length - 1] ?? "") ?? 0;
  const agree = (other: ReadonlyMap<string, number>) => {
    const shared = topKeys(other, 10).filter(
      (id) => top.includes(id) || (local.scores.get(id) ?? Number.NEGATIVE_INFINITY) >= kth - 1e-6,
    ).length;
    return `top-10 shared ${shared}/10 (ties count), max |diff| ${maxAbsDiff(local.scores, other).toExponential(1)}`;
  };
  rows.push(row("authority PageRank", "embedded, in process", emb.read, emb.compute, shape));
  rows.push(row("", "neo4j, in process", local.read, local.compute, `vs embedded: ${agree(emb.scores)}`));
  if (pushdown) {
    const [gds, took] = await timed(() => pushdown.sectionAuthority());
    rows.push(row("", "neo4j, GDS push-down", null, took, `vs in process: ${agree(gds)}`));
  }

  // Louvain over the section graph and over the entity graph.
  for (const [name, pairsOf] of [
    ["Louvain sections", sectionPairs],
    ["Louvain entities", entityPairs],
  ] as const) {
    const [embPairs, embRead] = await timed(() => pairsOf(embedded));
    const [embGroups, embMs] = await timed(() => membership(louvainGroups(embPairs, { minSize: 1 })));
    const [pairs, read] = await timed(() => pairsOf(neo));
    const list = [...pairs.entries()];
    const [groups, compute] = await timed(() => membership(louvainGroups(pairs, { minSize: 1 })));
    const quality = (m: ReadonlyMap<string, number>) =>
      `${new Set(m.values()).size} communities, Q ${modularity(list, m).toFixed(3)}`;
    rows.push(
      row(name, "embedded, in process", embRead, embMs, `${embGroups.size} nodes, ${list.length} pairs`),
    );
    rows.push(
      row(
        "",
        "neo4j, in process",
        read,
        compute,
        `${quality(groups)}; NMI vs embedded ${nmiText(groups, embGroups)}`,
      ),
    );
    if (pushdown) {
      const [gds, took] = await timed(() => pushdown.louvain(list));
      rows.push(
        row(
          "",
          "neo4j, GDS push-down",
          read,
          took,
          `${quality(gds)}; NMI vs in process ${nmiText(gds, groups)}`,
        ),
      );
    }
  }
  return rows;
}

const nmiText = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) =>
  a.size === b.size ? nmi(a, b).toFixed(3) : `${nmi(a, b).toFixed(3)} (${a.size} vs ${b.size} nodes)`;
