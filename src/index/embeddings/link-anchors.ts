import type { ChunkNode } from "../../domain/chunk.js";
import type { GraphNode } from "../../domain/graph-node.js";
import type { GraphStore } from "../../store/graph-store.js";
import { embedWithCache } from "./cached-embed.js";
import type { Embedder } from "./embedder.js";
import { anchorText } from "./embedding-texts.js";

export interface AnchorReport {
  /** Chunks that carry an "anchor" vector after this run. */
  targets: number;
  /** Texts actually sent to the embedder (cache misses). */
  embedded: number;
}

/**
 * Gives each link target an "anchor" vector: the anchor texts of the LINKS_TO edges pointing
 * at it (how other pages name it). A Section or Document target lends the vector to its first
 * chunk. Run after resolveLinks; idempotent through the embedding cache, and anchors of links
 * that no longer exist are dropped.
 */
export async function embedLinkAnchors(store: GraphStore, embedder: Embedder): Promise<AnchorReport> {
  const edges = await store.findEdges({ type: "LINKS_TO" });
  const anchorsByTarget = new Map<string, string[]>();
  for (const e of edges) {
    const anchor = e.props.anchor_text;
    if (!anchor) continue;
    const list = anchorsByTarget.get(e.dst) ?? [];
    list.push(anchor);
    anchorsByTarget.set(e.dst, list);
  }
  const anchorsByChunk = new Map<string, string[]>();
  for (const node of await store.getNodes([...anchorsByTarget.keys()])) {
    const chunk = await firstChunk(store, node);
    if (!chunk) continue;
    const list = anchorsByChunk.get(chunk.id) ?? [];
    list.push(...(anchorsByTarget.get(node.id) ?? []));
    anchorsByChunk.set(chunk.id, list);
  }
  const targets = [...anchorsByChunk]
    .map(([id, anchors]) => ({ id, text: anchorText(anchors) }))
    .filter((t) => t.text !== "");
  if (targets.length === 0) {
    await store.write({ deleteVectors: [{ kind: "anchor" }] });
    return { targets: 0, embedded: 0 };
  }
  const { vectors, fresh } = await embedWithCache(
    store,
    embedder,
    targets.map((t) => ({ kind: "anchor" as const, text: t.text })),
  );
  const model = { id: embedder.id, dim: embedder.dim };
  // Replaced wholesale: a link that disappeared must not leave its anchor vector behind.
  await store.write({
    deleteVectors: [{ kind: "anchor" }],
    vectors: [
      {
        model,
        rows: targets.flatMap((t, i) => {
          const vector = vectors[i];
          return vector ? [{ id: t.id, kind: "anchor", vector }] : [];
        }),
      },
    ],
    embeddingCache: fresh.length > 0 ? [{ model_id: embedder.id, entries: fresh }] : [],
  });
  return { targets: targets.length, embedded: fresh.length };
}

async function firstChunk(store: GraphStore, node: GraphNode): Promise<ChunkNode | undefined> {
  if (node.label === "Chunk") return node;
  if (node.label === "Section") {
    const chunks = await store.findNodes({
      label: "Chunk",
      doc_id: node.doc_id,
      where: { section_id: node.id },
    });
    return minBySeq(chunks);
  }
  if (node.label === "Document") {
    const first = await store.findNodes({ label: "Chunk", doc_id: node.id, where: { seq: 0 } });
    return minBySeq(first.length > 0 ? first : await store.findNodes({ label: "Chunk", doc_id: node.id }));
  }
  return undefined;
}

const minBySeq = (chunks: readonly ChunkNode[]) =>
  chunks.reduce<ChunkNode | undefined>((best, c) => (!best || c.seq < best.seq ? c : best), undefined);
