import type { ChunkNode } from "../../domain/chunk.js";
import type { DocumentNode } from "../../domain/document.js";
import type { EntityNode } from "../../domain/entity.js";
import { stableId } from "../../domain/ids.js";
import {
  type ChunkOutput,
  type ChunkProcessor,
  emptyOutput,
  perChunkProcessor,
} from "../../ingest/chunk-processor.js";
import type { GraphStore } from "../../store/graph-store.js";
import { canonicalName } from "./canonical.js";
import { type EntityMention, extractEntities } from "./entity-extractor.js";

/** A passage titled by an entity (a Wikipedia-style record) is its home: that link weighs more. */
export const TITLE_WEIGHT = 2;

export const entityId = (canonical: string) => stableId("ent", canonical);

/**
 * Extracts entities per chunk and anchors them: Section -MENTIONS-> Entity and
 * Entity -MENTIONED_IN-> Chunk (the phrase + passage graph PPR runs on). Record titles of
 * JSONL corpora become TITLE entities of their passage.
 */
export function createEntityProcessor(): ChunkProcessor {
  const docs = new Map<string, Promise<DocumentNode | null>>();
  const docOf = (store: GraphStore, id: string) => {
    let hit = docs.get(id);
    if (!hit) {
      hit = store.getNode(id).then((n) => (n?.label === "Document" ? n : null));
      docs.set(id, hit);
    }
    return hit;
  };
  return perChunkProcessor("entities", async (chunk: ChunkNode, store: GraphStore): Promise<ChunkOutput> => {
    const doc = await docOf(store, chunk.doc_id);
    const mentions = extractEntities(chunk.text);
    const title = doc?.kind === "jsonl" ? chunk.heading_path[0] : undefined;
    const titleCanonical = title ? canonicalName(title) : "";
    if (title && titleCanonical) mentions.unshift({ name: title, canonical: titleCanonical, type: "TITLE" });
    return anchor(chunk, dedupe(mentions), titleCanonical);
  });
}

function dedupe(mentions: EntityMention[]): EntityMention[] {
  const seen = new Set<string>();
  const out: EntityMention[] = [];
  for (const m of mentions) {
    if (seen.has(m.canonical)) continue;
    seen.add(m.canonical);
    out.push(m);
  }
  return out;
}

function anchor(chunk: ChunkNode, mentions: EntityMention[], titleCanonical: string): ChunkOutput {
  const out = emptyOutput();
  for (const m of mentions) {
    const entity: EntityNode = {
      label: "Entity",
      id: entityId(m.canonical),
      doc_id: "",
      name: m.name,
      canonical: m.canonical,
      type: m.type,
    };
    out.nodes.push(entity);
    const base = { section_id: chunk.section_id, doc_id: chunk.doc_id };
    out.edges.push({ src: chunk.section_id, type: "MENTIONS", dst: entity.id, ...base, props: {} });
    const weight = m.canonical === titleCanonical ? TITLE_WEIGHT : 1;
    out.edges.push({ src: entity.id, type: "MENTIONED_IN", dst: chunk.id, ...base, props: { weight } });
  }
  return out;
}
