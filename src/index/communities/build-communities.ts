import { createHash } from "node:crypto";
import type { CommunityKind, CommunityNode } from "../../domain/community.js";
import type { EntityNode } from "../../domain/entity.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { SectionNode } from "../../domain/section.js";
import type { GraphStore } from "../../store/graph-store.js";
import { communityGroups } from "./community-groups.js";
import { entityLinkWeights } from "./entity-links.js";
import { relatedSectionWeights } from "./related-sections.js";
import { sparseSorted, strongestFirst, type WeightedPair, type WeightedPairs } from "./weighted-pairs.js";

export interface CommunityReport {
  section_communities: number;
  entity_communities: number;
  related_section_edges: number;
  /** Sections / entities placed in some community. */
  sections_in_communities: number;
  entities_in_communities: number;
  /** Summaries carried over from the previous build (same members). */
  summaries_kept: number;
}

/**
 * What the caller (finalizeGraph) has just read and written, so it is not read again: every
 * Section and Entity (entities with no edge left may be among them: they weigh nothing) and
 * every MENTIONED_IN edge, in the store's order.
 */
export interface KnownGraph {
  sections: readonly SectionNode[];
  entities: readonly EntityNode[];
  mentionedIn: readonly GraphEdge[];
}

/** RELATED_SECTION edges stored per section, and links per node Louvain sees (the strongest). */
const STORED_PER_SECTION = 8;
export const LOUVAIN_PER_NODE = 12;
const MAX_SINGLE_DELETES = 200;

export const communityId = (kind: CommunityKind, members: readonly string[]) =>
  `community:${kind}:${createHash("sha256").update(members.join("\n")).digest("hex").slice(0, 16)}`;

/** Highest-scoring keys first, ties by key: deterministic. */
const top = (scores: Map<string, number>, n: number) =>
  [...scores]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([k]) => k);

/**
 * Whole-graph step: RELATED_SECTION weights, Louvain over sections and over entities, then
 * Community nodes + IN_COMMUNITY edges written in one batch that replaces the previous set.
 * A community with the same members keeps its id and its cached summary.
 */
export async function buildCommunities(store: GraphStore, known?: KnownGraph): Promise<CommunityReport> {
  const [sections, entities, refers, links, mentions, mentionedIn, related, previous] = await Promise.all([
    known?.sections ?? store.findNodes({ label: "Section" }),
    known?.entities ?? store.findNodes({ label: "Entity" }),
    store.findEdges({ type: "REFERS_TO" }),
    store.findEdges({ type: "LINKS_TO" }),
    store.findEdges({ type: "MENTIONS" }),
    known?.mentionedIn ?? store.findEdges({ type: "MENTIONED_IN" }),
    store.findEdges({ type: "RELATED_TO" }),
    store.findNodes({ label: "Community" }),
  ]);
  const oldEdges = [
    ...(await store.findEdges({ type: "IN_COMMUNITY" })),
    ...(await store.findEdges({ type: "RELATED_SECTION" })),
  ];
  const sectionById = new Map(sections.map((s) => [s.id, s]));
  const entityById = new Map(entities.map((e) => [e.id, e]));
  const sectionPairs = relatedSectionWeights(new Set(sectionById.keys()), refers, links, mentions, entities);
  const sectionOrder = strongestFirst(sectionPairs.entries());
  // Louvain sees each node's strongest links only: the same communities on 2Wiki-size graphs, in a fraction of the time.
  // In the database when it runs GDS (store.pushdown), in process otherwise.
  const sectionGroups = await communityGroups(sparseSorted(sectionOrder, LOUVAIN_PER_NODE), store.pushdown);
  const entityGroups = await communityGroups(
    sparse(entityLinkWeights(entities, related, mentionedIn).entries(), LOUVAIN_PER_NODE),
    store.pushdown,
  );

  // Entity names a section mentions, and how many sections mention each: tf-idf for top terms.
  const sectionEntities = new Map<string, Set<string>>();
  const df = new Map<string, number>();
  for (const m of mentions) {
    const e = entityById.get(m.dst);
    if (!e || e.type === "DATE" || e.salience === "SUPPORTING") continue;
    let set = sectionEntities.get(m.src);
    if (!set) {
      set = new Set();
      sectionEntities.set(m.src, set);
    }
    if (!set.has(m.dst)) {
      set.add(m.dst);
      df.set(m.dst, (df.get(m.dst) ?? 0) + 1);
    }
  }
  const strength = new Map<string, number>();
  for (const { a, b, weight } of sectionPairs.entries()) {
    strength.set(a, (strength.get(a) ?? 0) + weight);
    strength.set(b, (strength.get(b) ?? 0) + weight);
  }

  const kept = new Map(previous.map((c) => [c.id, c]));
  let summariesKept = 0;
  const nodes: CommunityNode[] = [];
  const edges: GraphEdge[] = [];
  const carry = (id: string) => {
    const old = kept.get(id);
    if (!old?.summary) return {};
    summariesKept++;
    const { summary, summary_source, summary_key, summary_sections } = old;
    return { summary, summary_source, summary_key, summary_sections };
  };

  for (const members of sectionGroups) {
    const id = communityId("section", members);
    const terms = new Map<string, number>();
    for (const s of members) {
      for (const e of sectionEntities.get(s) ?? []) {
        terms.set(e, (terms.get(e) ?? 0) + Math.log(1 + sections.length / (df.get(e) ?? 1)));
      }
    }
    const central = top(new Map(members.map((s) => [s, strength.get(s) ?? 0])), 3);
    nodes.push({
      label: "Community",
      id,
      doc_id: "",
      kind: "section",
      level: 0,
      member_count: members.length,
      title: central.map((s) => sectionById.get(s)?.title ?? s).join(" · "),
      top_terms: top(terms, 8).map((e) => entityById.get(e)?.name ?? e),
      summary_sections: [],
      ...carry(id),
    });
    for (const s of members) {
      edges.push({
        src: s,
        type: "IN_COMMUNITY",
        dst: id,
        section_id: "",
        doc_id: sectionById.get(s)?.doc_id ?? "",
        props: {},
      });
    }
  }
  for (const members of entityGroups) {
    const id = communityId("entity", members);
    const byMentions = (ids: readonly string[], n: number) =>
      top(new Map(ids.map((e) => [e, entityById.get(e)?.mentions ?? 0])), n).map(
        (e) => (entityById.get(e) as EntityNode).name,
      );
    nodes.push({
      label: "Community",
      id,
      doc_id: "",
      kind: "entity",
      level: 0,
      member_count: members.length,
      title: byMentions(members, 3).join(" · "),
      top_terms: byMentions(members, 8),
      summary_sections: [],
      ...carry(id),
    });
    for (const e of members)
      edges.push({ src: e, type: "IN_COMMUNITY", dst: id, section_id: "", doc_id: "", props: {} });
  }

  const related_edges = [...sparseSorted(sectionOrder, STORED_PER_SECTION).entries()].map(
    ({ a, b, weight }): GraphEdge => ({
      src: a,
      type: "RELATED_SECTION",
      dst: b,
      section_id: "",
      doc_id: "",
      props: { weight: Number(weight.toFixed(6)) },
    }),
  );
  // Only what changed is deleted and written when that is little: rewriting ~40k unchanged
  // edges costs seconds on 2Wiki, but each single-edge delete scans its type, so many changes
  // replace the whole set instead.
  const edgeKey = (e: Pick<GraphEdge, "src" | "type" | "dst">) => `${e.type}\u0000${e.src}\u0000${e.dst}`;
  const wanted = [...related_edges, ...edges];
  const wantedKeys = new Map(wanted.map((e) => [edgeKey(e), e]));
  const had = new Map(oldEdges.map((e) => [edgeKey(e), e]));
  const gone = oldEdges.filter((e) => wantedKeys.get(edgeKey(e))?.props.weight !== e.props.weight);
  const whole = gone.length > MAX_SINGLE_DELETES;
  const fresh = new Set(nodes.map((n) => n.id));
  const sameNode = (n: CommunityNode) => JSON.stringify(kept.get(n.id)) === JSON.stringify(n);
  await store.write({
    deleteNodes: previous.filter((c) => !fresh.has(c.id)).map((c) => c.id),
    deleteEdges: whole
      ? [{ type: "IN_COMMUNITY" }, { type: "RELATED_SECTION" }]
      : gone.map((e) => ({ type: e.type, src: e.src, dst: e.dst })),
    nodes: nodes.filter((n) => !sameNode(n)),
    edges: whole
      ? wanted
      : wanted.filter((e) => {
          const h = had.get(edgeKey(e));
          return !h || h.props.weight !== e.props.weight || h.doc_id !== e.doc_id;
        }),
  });
  return {
    section_communities: sectionGroups.length,
    entity_communities: entityGroups.length,
    related_section_edges: related_edges.length,
    sections_in_communities: sectionGroups.reduce((n, g) => n + g.length, 0),
    entities_in_communities: entityGroups.reduce((n, g) => n + g.length, 0),
    summaries_kept: summariesKept,
  };
}

/** The pairs among the `perNode` strongest of either endpoint, strongest first with ties by name: deterministic. */
export function sparse(all: Iterable<WeightedPair>, perNode: number): WeightedPairs {
  return sparseSorted(strongestFirst(all), perNode);
}
