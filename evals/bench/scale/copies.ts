/**
 * Copies of the base store, perturbed to scale (as evals/bench/store/synthetic.ts does): copy r
 * suffixes every document-scoped id with "~r", drops 10% of each chunk's words and swaps 5%;
 * entities stay shared, so the phrase graph grows with the copies. Copy 0 is the real store with
 * its neural vectors; a later copy's vector is its original's plus 0.35 × another passage's
 * (renormalised): cheap, yet clustered like real embeddings, so HNSW works as hard as on them.
 */
import type { ChunkNode } from "../../../src/domain/chunk.js";
import type { GraphEdge } from "../../../src/domain/graph-edge.js";
import type { GraphNode } from "../../../src/domain/graph-node.js";
import { seededRandom } from "../../../src/store/embedded/synthetic-vectors.js";
import type { VectorRow } from "../../../src/store/graph-store.js";
import { perturber, scopedRewriter } from "../store/corpus-copy.js";
import type { BaseStore } from "./base-store.js";

export interface StoreCopy {
  nodes: GraphNode[];
  edges: GraphEdge[];
  vectors: VectorRow[];
  chunks: number;
}

export function copier(base: BaseStore) {
  const scoped = new Set(base.nodes.filter((n) => n.doc_id !== "").map((n) => n.id));
  const vocabulary = base.chunks.flatMap((c) => c.text.split(" ").slice(0, 3));
  const rewrite = scopedRewriter(scoped);
  const perturbText = perturber(vocabulary);

  /** Copy r with its first `keep` chunks (sections without a kept chunk, and their edges, dropped). */
  return (r: number, keep: number): StoreCopy => {
    const dropped = new Set(base.chunks.slice(keep).map((c) => c.id));
    const keptSections = new Set(base.chunks.slice(0, keep).map((c) => c.section_id));
    for (const c of base.chunks.slice(keep)) if (!keptSections.has(c.section_id)) dropped.add(c.section_id);
    const rand = seededRandom(r + 1);
    const suffix = `~${r}`;
    const perturb = (text: string) => perturbText(text, rand);
    const nodes = base.nodes
      .filter((n) => (r === 0 || n.doc_id !== "") && !dropped.has(n.id))
      .map((n) => {
        if (r === 0) return n;
        const copy = rewrite(n, suffix);
        if (copy.label === "Chunk") copy.text = perturb(copy.text);
        if (copy.label === "Document") copy.uri = `${copy.uri}#copy-${r}`;
        return copy;
      });
    const edges = base.edges
      .filter((e) => (r === 0 || e.doc_id !== "") && !dropped.has(e.src) && !dropped.has(e.dst))
      .filter((e) => !dropped.has(e.section_id))
      .map((e) => (r === 0 ? e : rewrite(e, suffix)));
    const chunks = nodes.filter((n): n is ChunkNode => n.label === "Chunk");
    return { nodes, edges, vectors: vectorsOf(base, chunks, r), chunks: chunks.length };
  };
}

function vectorsOf(base: BaseStore, chunks: readonly ChunkNode[], r: number): VectorRow[] {
  const n = base.chunks.length;
  const index = new Map(base.chunks.map((c, i) => [c.id, i]));
  const out: VectorRow[] = [];
  for (const [kind, byId] of base.vectors) {
    for (const c of chunks) {
      const original = r === 0 ? c.id : c.id.slice(0, c.id.lastIndexOf("~"));
      const v = byId.get(original);
      if (!v) continue;
      if (r === 0) {
        out.push({ id: c.id, kind, vector: v });
        continue;
      }
      const i = index.get(original) ?? 0;
      const other = byId.get(base.chunks[(i * 7919 + r * 104729) % n]?.id ?? "") ?? v;
      const mixed = new Float32Array(v.length);
      let norm = 0;
      for (let d = 0; d < v.length; d++) {
        const x = (v[d] ?? 0) + 0.35 * (other[d] ?? 0);
        mixed[d] = x;
        norm += x * x;
      }
      const scale = 1 / Math.sqrt(norm || 1);
      for (let d = 0; d < v.length; d++) mixed[d] = (mixed[d] ?? 0) * scale;
      out.push({ id: c.id, kind, vector: mixed });
    }
  }
  return out;
}
