import type { ChunkNode } from "../domain/chunk.js";
import type { EntityNode, EntityType } from "../domain/entity.js";
import type { GraphEdge } from "../domain/graph-edge.js";
import { stableId } from "../domain/ids.js";
import type { RelationNode } from "../domain/relation.js";
import { canonicalName } from "../index/extract/canonical.js";
import { entityId } from "../index/extract/entity-processor.js";
import type { Extraction } from "./extraction-schema.js";

export interface ExtractionGraph {
  entities: EntityNode[];
  relations: RelationNode[];
  edges: GraphEdge[];
  /** Names the passage does not contain (hallucinated or paraphrased): not written. */
  dropped: number;
}

type Anchor = Pick<ChunkNode, "id" | "doc_id" | "section_id" | "text">;

export const relationId = (chunkId: string, subject: string, predicate: string, object: string) =>
  stableId("rel", chunkId, subject, predicate, object);

const normalisePredicate = (p: string) => p.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Maps one chunk's LLM extraction to graph nodes and edges, anchored like the rule-based
 * entities: Section -MENTIONS-> Entity, Entity -MENTIONED_IN-> Chunk, and for each fact
 * Section -ASSERTS-> Relation -SUBJECT/OBJECT-> Entity plus an Entity -RELATED_TO-> Entity
 * shortcut. Only names the passage contains are kept, so a weak model cannot invent nodes.
 * Ids are deterministic (a rerun rewrites the same nodes). Pure.
 */
export function extractionToGraph(chunk: Anchor, extraction: Extraction): ExtractionGraph {
  const haystack = ` ${canonicalName(chunk.text)} `;
  const grounded = (canonical: string) => canonical !== "" && haystack.includes(` ${canonical} `);
  const entities = new Map<string, EntityNode>();
  let dropped = 0;
  const addEntity = (name: string, type: EntityType): EntityNode | undefined => {
    const canonical = canonicalName(name);
    if (!grounded(canonical)) return undefined;
    const id = entityId(canonical);
    const known = entities.get(id);
    if (known) return known;
    const entity: EntityNode = { label: "Entity", id, doc_id: "", name: name.trim(), canonical, type };
    entities.set(id, entity);
    return entity;
  };
  for (const e of extraction.entities) if (!addEntity(e.name, e.type)) dropped++;
  const base = { section_id: chunk.section_id, doc_id: chunk.doc_id };
  const edges: GraphEdge[] = [];
  const relations = new Map<string, RelationNode>();
  for (const r of extraction.relations) {
    // An endpoint the entity list missed is still a name in the passage: CONCEPT unless listed.
    const subject = addEntity(r.subject, "CONCEPT");
    const object = addEntity(r.object, "CONCEPT");
    const predicate = normalisePredicate(r.predicate);
    if (!subject || !object || subject.id === object.id || predicate === "") {
      dropped++;
      continue;
    }
    const id = relationId(chunk.id, subject.id, predicate, object.id);
    if (relations.has(id)) continue;
    relations.set(id, {
      label: "Relation",
      id,
      ...base,
      chunk_id: chunk.id,
      subject: subject.id,
      object: object.id,
      predicate,
      evidence: evidenceFor(chunk.text, [r.subject, r.object]),
      source: "llm",
    });
    edges.push(
      { src: chunk.section_id, type: "ASSERTS", dst: id, ...base, props: { chunk_id: chunk.id } },
      { src: id, type: "SUBJECT", dst: subject.id, ...base, props: {} },
      { src: id, type: "OBJECT", dst: object.id, ...base, props: {} },
      {
        src: subject.id,
        type: "RELATED_TO",
        dst: object.id,
        ...base,
        props: { predicate, chunk_id: chunk.id },
      },
    );
  }
  for (const e of entities.values()) {
    edges.push(
      { src: chunk.section_id, type: "MENTIONS", dst: e.id, ...base, props: {} },
      { src: e.id, type: "MENTIONED_IN", dst: chunk.id, ...base, props: { weight: 1 } },
    );
  }
  return { entities: [...entities.values()], relations: [...relations.values()], edges, dropped };
}

/** The first sentence naming both endpoints (else either), else the passage's start. */
export function evidenceFor(text: string, names: readonly string[]): string {
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== "");
  const has = (s: string, n: string) => ` ${canonicalName(s)} `.includes(` ${canonicalName(n)} `);
  const both = sentences.find((s) => names.every((n) => has(s, n)));
  const either = both ?? sentences.find((s) => names.some((n) => has(s, n)));
  return (either ?? text).trim().slice(0, 400);
}
