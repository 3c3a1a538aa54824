import type { ChunkNode } from "../../domain/chunk.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode } from "../../domain/graph-node.js";
import { stableId } from "../../domain/ids.js";
import type { RelationNode } from "../../domain/relation.js";
import { type ChunkOutput, emptyOutput } from "../../ingest/chunk-processor.js";
import type { EntityMention } from "./entity-extractor.js";
import { entityNode, mentionEdges } from "./entity-node.js";

/** A fact between two entities as an extractor (rules or an LLM) states it. */
export interface RelationTriple {
  subject: EntityMention;
  /** Normalised predicate: "direct by", "daughter of", "alias of". */
  predicate: string;
  object: EntityMention;
  /** The sentence that states it. */
  evidence: string;
  confidence?: number;
  /** ISO dates ("1946", "2018-06", "1982-12-08") when the text dates the fact. */
  valid_from?: string;
  valid_to?: string;
}

export const relationId = (chunkId: string, source: RelationNode["source"], t: RelationTriple) =>
  stableId("rel", chunkId, source, t.subject.canonical, t.predicate, t.object.canonical);

/**
 * What a chunk's facts add to the graph, for any extractor: the subject and object entities
 * (anchored like mentions; a CONCEPT is stored but kept out of the phrase + passage graph), a
 * Relation node per fact with Section -ASSERTS-> Relation, Relation -SUBJECT/OBJECT-> Entity, and
 * an Entity -RELATED_TO-> Entity shortcut (props.predicate, props.chunk_id). Ids are stable, so a
 * rerun rewrites the same nodes and edges. Pure.
 */
export function relationOutput(
  chunk: ChunkNode,
  triples: readonly RelationTriple[],
  source: RelationNode["source"] = "rules",
): ChunkOutput {
  const out = emptyOutput();
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const addEdge = (e: GraphEdge) => {
    const key = `${e.src}\u0000${e.type}\u0000${e.dst}`;
    if (!edges.has(key)) edges.set(key, e);
  };
  const base = { section_id: chunk.section_id, doc_id: chunk.doc_id };
  for (const t of triples) {
    const [subject, object] = [entityNode(t.subject), entityNode(t.object)];
    for (const entity of [subject, object]) {
      if (nodes.has(entity.id)) continue;
      nodes.set(entity.id, entity);
      const [mentions, mentionedIn] = mentionEdges(chunk, entity.id);
      if (mentions) addEdge(mentions);
      if (mentionedIn && entity.type !== "CONCEPT") addEdge(mentionedIn);
    }
    const relation: RelationNode = {
      label: "Relation",
      id: relationId(chunk.id, source, t),
      ...base,
      chunk_id: chunk.id,
      subject: subject.id,
      object: object.id,
      predicate: t.predicate,
      evidence: t.evidence,
      source,
      ...(t.confidence !== undefined ? { confidence: t.confidence } : {}),
      ...(t.valid_from ? { valid_from: t.valid_from } : {}),
      ...(t.valid_to ? { valid_to: t.valid_to } : {}),
    };
    nodes.set(relation.id, relation);
    addEdge({ src: chunk.section_id, type: "ASSERTS", dst: relation.id, ...base, props: {} });
    addEdge({ src: relation.id, type: "SUBJECT", dst: subject.id, ...base, props: {} });
    addEdge({ src: relation.id, type: "OBJECT", dst: object.id, ...base, props: {} });
    addEdge({
      src: subject.id,
      type: "RELATED_TO",
      dst: object.id,
      ...base,
      props: { predicate: t.predicate, chunk_id: chunk.id },
    });
  }
  out.nodes.push(...nodes.values());
  out.edges.push(...edges.values());
  return out;
}
