import type { ChunkNode } from "../../domain/chunk.js";
import type { DocumentNode } from "../../domain/document.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode } from "../../domain/graph-node.js";
import type { TableNode } from "../../domain/table.js";
import {
  type ChunkOutput,
  type ChunkProcessor,
  emptyOutput,
  perChunkProcessor,
} from "../../ingest/chunk-processor.js";
import type { GraphStore } from "../../store/graph-store.js";
import { canonicalName } from "./canonical.js";
import { analyseText, type EntityMention } from "./entity-extractor.js";
import { entityId, entityNode, mentionEdges } from "./entity-node.js";
import { extractRelations } from "./relation-extractor.js";
import { relationOutput } from "./relation-output.js";
import { definesEdge, tableDefinitions, tableOfChunk } from "./table-defines.js";

export { entityId };

/** A passage titled by an entity (a Wikipedia-style record) is its home: that link weighs more. */
export const TITLE_WEIGHT = 2;

/**
 * Named in the processor set (and so in eval store keys): bump when what the processor writes
 * changes, so a cached index built by the older version is not mistaken for a current one.
 */
export const ENTITY_PROCESSOR_NAME = "entities+relations";

/**
 * Extracts entities and rule-based relations per chunk and anchors them: Section -MENTIONS->
 * Entity and Entity -MENTIONED_IN-> Chunk (the phrase + passage graph PPR runs on), Relation
 * nodes with ASSERTS / SUBJECT / OBJECT / RELATED_TO, and Table -DEFINES-> Entity for the row
 * labels and caption names of a table chunk. Record titles of JSONL corpora become TITLE
 * entities of their passage (and the subject of its "He"/"She" sentences).
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
  return perChunkProcessor(
    ENTITY_PROCESSOR_NAME,
    async (chunk: ChunkNode, store: GraphStore): Promise<ChunkOutput> => {
      const doc = await docOf(store, chunk.doc_id);
      const analysed = analyseText(chunk.text);
      const mentions = analysed.mentions;
      const title = doc?.kind === "jsonl" ? chunk.heading_path[0] : undefined;
      const titleCanonical = title ? canonicalName(title) : "";
      const topic: EntityMention | undefined =
        title && titleCanonical ? { name: title, canonical: titleCanonical, type: "TITLE" } : undefined;
      const outputs = [
        anchor(chunk, dedupe(topic ? [topic, ...mentions] : mentions), titleCanonical),
        relationOutput(chunk, extractRelations(analysed, topic)),
      ];
      if (chunk.content_type === "table") outputs.push(await tableOutput(chunk, store));
      return merge(outputs);
    },
  );
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
    const entity = entityNode(m);
    out.nodes.push(entity);
    out.edges.push(...mentionEdges(chunk, entity.id, m.canonical === titleCanonical ? TITLE_WEIGHT : 1));
  }
  return out;
}

async function tableOutput(chunk: ChunkNode, store: GraphStore): Promise<ChunkOutput> {
  const tables: TableNode[] = await store.findNodes({
    label: "Table",
    doc_id: chunk.doc_id,
    where: { section_id: chunk.section_id },
  });
  const table = tableOfChunk(chunk, tables);
  const out = emptyOutput();
  if (!table) return out;
  for (const m of tableDefinitions(table, chunk.text)) {
    const entity = entityNode(m);
    out.nodes.push(entity);
    out.edges.push(...mentionEdges(chunk, entity.id), definesEdge(chunk, table, entity.id));
  }
  return out;
}

/** One output; the first writer of a node or edge wins (a title's mention keeps its weight). */
function merge(outputs: readonly ChunkOutput[]): ChunkOutput {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  for (const o of outputs) {
    for (const n of o.nodes) if (!nodes.has(n.id)) nodes.set(n.id, n);
    for (const e of o.edges) {
      const key = `${e.src}\u0000${e.type}\u0000${e.dst}\u0000${e.section_id}`;
      if (!edges.has(key)) edges.set(key, e);
    }
  }
  return {
    nodes: [...nodes.values()],
    edges: [...edges.values()],
    vectors: outputs.flatMap((o) => o.vectors),
  };
}
