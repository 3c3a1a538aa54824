import type { RetrievedChunk } from "../../src/retrieval/retrieval-mode.js";
import type { GraphStore } from "../../src/store/graph-store.js";

export interface PassageRanker {
  (chunks: readonly RetrievedChunk[]): Promise<string[]>;
  /**
   * The text of the retrieved chunks that belong to the top `k` passages of `chunks`: the context
   * an answerer would read (for answer-in-context recall).
   */
  context(chunks: readonly RetrievedChunk[], k: number): Promise<string>;
  /** The passage id of a section already seen in a ranking. */
  anchorOf(sectionId: string): string | undefined;
}

/**
 * Turns ranked chunks into ranked passage ids: each chunk's Section anchor (the corpus record id),
 * first occurrence kept. Sections are loaded in bulk and remembered for the whole run.
 */
export function createPassageRanker(store: GraphStore): PassageRanker {
  const anchors = new Map<string, string | null>();
  const load = async (chunks: readonly RetrievedChunk[]) => {
    const missing = [...new Set(chunks.map((c) => c.section_id))].filter((id) => !anchors.has(id));
    if (missing.length === 0) return;
    for (const id of missing) anchors.set(id, null);
    for (const node of await store.getNodes(missing))
      if (node.label === "Section") anchors.set(node.id, node.anchor ?? null);
  };
  const rank = async (chunks: readonly RetrievedChunk[]) => {
    await load(chunks);
    const ranking: string[] = [];
    const seen = new Set<string>();
    for (const c of chunks) {
      const anchor = anchors.get(c.section_id);
      if (anchor && !seen.has(anchor)) {
        seen.add(anchor);
        ranking.push(anchor);
      }
    }
    return ranking;
  };
  const context = async (chunks: readonly RetrievedChunk[], k: number) => {
    const top = new Set((await rank(chunks)).slice(0, k));
    const ids = [
      ...new Set(chunks.filter((c) => top.has(anchors.get(c.section_id) ?? "")).map((c) => c.chunk_id)),
    ];
    const texts = new Map(
      (await store.getNodes(ids)).flatMap((n) => (n.label === "Chunk" ? [[n.id, n.text] as const] : [])),
    );
    return ids.map((id) => texts.get(id) ?? "").join("\n");
  };
  return Object.assign(rank, { context, anchorOf: (id: string) => anchors.get(id) ?? undefined });
}
