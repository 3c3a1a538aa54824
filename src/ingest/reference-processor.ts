import type { ChunkNode } from "../domain/chunk.js";
import { stableId } from "../domain/ids.js";
import type { UnresolvedRefNode } from "../domain/unresolved-ref.js";
import type { GraphStore } from "../store/graph-store.js";
import { type ChunkOutput, type ChunkProcessor, emptyOutput, perChunkProcessor } from "./chunk-processor.js";
import {
  buildReferenceTargets,
  type ReferenceTargets,
  resolveMention,
} from "./structure/reference-targets.js";
import { findReferences } from "./structure/references.js";

interface DocTargets {
  targets: ReferenceTargets;
  /** Section that holds each table and figure: a caption naming its own table is no reference. */
  ownerSection: Map<string, string>;
}

/** Finds "see Note 7"-style mentions and turns them into REFERS_TO edges or UnresolvedRef nodes. */
export function createReferenceProcessor(): ChunkProcessor {
  const cache = new Map<string, Promise<DocTargets>>();
  const targetsFor = (store: GraphStore, docId: string) => {
    let hit = cache.get(docId);
    if (!hit) {
      hit = loadTargets(store, docId);
      cache.set(docId, hit);
    }
    return hit;
  };
  return perChunkProcessor(
    "references",
    async (chunk: ChunkNode, store: GraphStore): Promise<ChunkOutput> => {
      const { targets, ownerSection } = await targetsFor(store, chunk.doc_id);
      const out = emptyOutput();
      for (const mention of findReferences(chunk.text)) {
        const target = resolveMention(mention, targets);
        if (target === chunk.section_id) continue;
        const atLineStart = mention.index === 0 || chunk.text[mention.index - 1] === "\n";
        if (target && atLineStart && ownerSection.get(target) === chunk.section_id) continue;
        if (target) {
          out.edges.push({
            src: chunk.section_id,
            type: "REFERS_TO",
            dst: target,
            section_id: chunk.section_id,
            doc_id: chunk.doc_id,
            props: { reason: mention.reason, locator: mention.locator, chunk_id: chunk.id },
          });
          continue;
        }
        const node: UnresolvedRefNode = {
          label: "UnresolvedRef",
          id: stableId("uref", chunk.id, mention.index, mention.locator),
          doc_id: chunk.doc_id,
          chunk_id: chunk.id,
          section_id: chunk.section_id,
          locator: mention.locator,
          target_kind: mention.kind,
        };
        out.nodes.push(node);
      }
      return out;
    },
  );
}

async function loadTargets(store: GraphStore, docId: string): Promise<DocTargets> {
  const [sections, tables, figures, chunks] = await Promise.all([
    store.findNodes({ label: "Section", doc_id: docId }),
    store.findNodes({ label: "Table", doc_id: docId }),
    store.findNodes({ label: "Figure", doc_id: docId }),
    store.findNodes({ label: "Chunk", doc_id: docId }),
  ]);
  sections.sort((a, b) => a.seq - b.seq);
  chunks.sort((a, b) => a.seq - b.seq);
  const ownerSection = new Map([...tables, ...figures].map((n) => [n.id, n.section_id]));
  return { targets: buildReferenceTargets(sections, tables, figures, chunks), ownerSection };
}
