import type { EntityNode } from "../../domain/entity.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphStore } from "../../store/graph-store.js";
import type { Embedder } from "../embeddings/embedder.js";
import { entityNameVectors } from "./entity-vectors.js";
import {
  aliasPairs,
  DEFAULT_SYNONYMS,
  type SynonymOptions,
  type SynonymPair,
  synonymPairs,
} from "./synonym-pairs.js";

export interface ResolveReport {
  aliases: number;
  synonyms: number;
  /** Entity names embedded this run (cache misses). */
  embedded: number;
}

/** Entities worth a name vector: CORE and IMPORTANT names (SUPPORTING ones are stored, never embedded). */
export const embeddable = (e: Pick<EntityNode, "salience" | "type">) =>
  (e.salience === "CORE" || e.salience === "IMPORTANT") && e.type !== "DATE" && e.type !== "CONCEPT";

/**
 * Entity resolution beyond the canonical name: stated aliases (RELATED_TO "alias of": an
 * acronym and its long form) and, with an embedder, CORE/IMPORTANT entities whose names embed
 * above the threshold, as SYNONYM edges (props.weight = cosine, 1 for an alias). Whole-graph:
 * the previous SYNONYM edges are replaced in the same write, so a changed graph leaves none stale.
 */
export async function resolveEntities(
  store: GraphStore,
  entities: readonly EntityNode[],
  options: { embedder?: Embedder; synonyms?: SynonymOptions } = {},
): Promise<ResolveReport> {
  const related = await store.findEdges({ type: "RELATED_TO" });
  const aliases = aliasPairs(related.filter((e) => e.props.predicate === "alias of"));
  let similar: SynonymPair[] = [];
  let embedded = 0;
  if (options.embedder) {
    const named = entities.filter(embeddable);
    const names = await entityNameVectors(
      store,
      options.embedder,
      named.map((e) => e.name),
    );
    embedded = names.embedded;
    const items = named.flatMap((e) => {
      const vector = names.vectors.get(e.name);
      return vector && vector.length > 0 ? [{ id: e.id, vector }] : [];
    });
    similar = synonymPairs(items, options.synonyms ?? DEFAULT_SYNONYMS);
  }
  const pairs = new Map<string, SynonymPair>();
  for (const p of [...similar, ...aliases]) pairs.set(`${p.a}\u0000${p.b}`, p);
  const edges: GraphEdge[] = [...pairs.values()].map((p) => ({
    src: p.a,
    type: "SYNONYM",
    dst: p.b,
    section_id: "",
    doc_id: "",
    props: { weight: p.weight },
  }));
  await store.write({ deleteEdges: [{ type: "SYNONYM" }], edges });
  return { aliases: aliases.length, synonyms: similar.length, embedded };
}
