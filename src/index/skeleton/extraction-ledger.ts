import type { ChunkNode } from "../../domain/chunk.js";
import type { ExtractionRecordNode } from "../../domain/extraction-record.js";
import { stableId } from "../../domain/ids.js";
import { EXTRACTION_VERSION } from "../../llm/extraction-schema.js";
import type { TokenUsage } from "../../llm/token-usage.js";
import type { GraphStore } from "../../store/graph-store.js";

/** What the ledger remembers of one chunk's full extraction. */
export interface LedgerEntry {
  usage: TokenUsage;
  relations: number;
  entities: number;
}

const recordId = (chunkId: string) => stableId("ext", chunkId);

/**
 * Which chunks got full (LLM) extraction: one Extraction node per chunk, written in the same
 * transaction as the extraction's nodes, so a rerun never redoes a chunk and a crash loses at
 * most the batch in flight. The record goes with its document; its key covers the prompt
 * version, the model and the chunk's text, so changing any of them makes the chunk due again.
 */
export function createExtractionLedger(store: GraphStore, modelId: string) {
  const keyOf = (chunk: Pick<ChunkNode, "content_hash">) =>
    `${EXTRACTION_VERSION}\u0000${modelId}\u0000${chunk.content_hash}`;
  return {
    async read(chunks: readonly ChunkNode[]): Promise<Map<string, LedgerEntry>> {
      const expected = new Map(chunks.map((c) => [recordId(c.id), keyOf(c)]));
      const out = new Map<string, LedgerEntry>();
      for (const node of await store.getNodes([...expected.keys()])) {
        if (node.label !== "Extraction" || expected.get(node.id) !== node.key) continue;
        out.set(node.chunk_id, {
          usage: { input: node.input_tokens, output: node.output_tokens },
          relations: node.relations,
          entities: node.entities,
        });
      }
      return out;
    },
    /** The node to write with the chunk's extraction. */
    record(chunk: ChunkNode, e: LedgerEntry): ExtractionRecordNode {
      return {
        label: "Extraction",
        id: recordId(chunk.id),
        doc_id: chunk.doc_id,
        chunk_id: chunk.id,
        key: keyOf(chunk),
        input_tokens: Math.round(e.usage.input),
        output_tokens: Math.round(e.usage.output),
        relations: e.relations,
        entities: e.entities,
      };
    },
  };
}
export type ExtractionLedger = ReturnType<typeof createExtractionLedger>;
