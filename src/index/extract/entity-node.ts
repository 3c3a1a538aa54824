import type { ChunkNode } from "../../domain/chunk.js";
import type { EntityNode } from "../../domain/entity.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import { stableId } from "../../domain/ids.js";
import { boundedMemo } from "./bounded-memo.js";
import type { EntityMention } from "./entity-extractor.js";

/**
 * One entity per canonical name, across documents: entity resolution by normalisation. A sha256
 * per mention was a tenth of entity extraction; names repeat, so ids are remembered (bounded).
 */
export const entityId: (canonical: string) => string = boundedMemo(100_000, (canonical) =>
  stableId("ent", canonical),
);

export function entityNode(m: EntityMention): EntityNode {
  return {
    label: "Entity",
    id: entityId(m.canonical),
    doc_id: "",
    name: m.name,
    canonical: m.canonical,
    type: m.type,
  };
}

/**
 * A mention anchored to its Section (Section -MENTIONS-> Entity) and its chunk
 * (Entity -MENTIONED_IN-> Chunk, the phrase + passage graph; `weight` on the entity → passage side).
 */
export function mentionEdges(chunk: ChunkNode, entity: string, weight = 1): GraphEdge[] {
  const base = { section_id: chunk.section_id, doc_id: chunk.doc_id };
  return [
    { src: chunk.section_id, type: "MENTIONS", dst: entity, ...base, props: {} },
    { src: entity, type: "MENTIONED_IN", dst: chunk.id, ...base, props: { weight } },
  ];
}
