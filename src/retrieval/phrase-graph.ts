import { buildCsr, type CsrGraph } from "../domain/graph-algorithms/csr-graph.js";
import { nameWords } from "../index/extract/canonical.js";

export interface PhraseGraphInput {
  entities: ReadonlyArray<{ id: string; canonical: string }>;
  /** Entity → chunk mentions (MENTIONED_IN); weight applies entity → passage, passage → entity is 1. */
  mentions: ReadonlyArray<{ entity: string; chunk: string; weight: number }>;
  /** Chunk → chunk links (NEXT within a section, similar_to, ...), with weight. */
  links?: ReadonlyArray<{ a: string; b: string; weight: number }>;
  /**
   * Entity ↔ entity edges (HippoRAG 2's phrase edges): SYNONYM (weight = cosine) and relation
   * shortcuts (RELATED_TO). Pairs naming an unknown entity are ignored.
   */
  entityLinks?: ReadonlyArray<{ a: string; b: string; weight: number }>;
}

/** The HippoRAG-style phrase + passage graph: entity nodes first, then passage (chunk) nodes. */
export interface PhraseGraph {
  csr: CsrGraph;
  entityCount: number;
  ids: string[];
  index: Map<string, number>;
  byCanonical: Map<string, number>;
  /** Number of passages mentioning each entity: rare entities are more specific seeds. */
  df: Int32Array;
  maxNameTokens: number;
}

export function buildPhraseGraph(input: PhraseGraphInput): PhraseGraph {
  const ids: string[] = input.entities.map((e) => e.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const byCanonical = new Map(input.entities.map((e, i) => [e.canonical, i]));
  const entityCount = ids.length;
  const node = (id: string) => {
    let i = index.get(id);
    if (i === undefined) {
      i = ids.length;
      ids.push(id);
      index.set(id, i);
    }
    return i;
  };
  const edges: Array<[number, number, number, number]> = [];
  const df = new Int32Array(entityCount);
  for (const m of input.mentions) {
    const e = index.get(m.entity);
    if (e === undefined || e >= entityCount) continue;
    df[e] = (df[e] ?? 0) + 1;
    // Directed weights: an entity sends most of its mass to the passage it titles, while a
    // passage spreads evenly over what it mentions (its own title gets no extra pull back).
    edges.push([e, node(m.chunk), m.weight, 1]);
  }
  for (const l of input.links ?? []) edges.push([node(l.a), node(l.b), l.weight, l.weight]);
  for (const l of input.entityLinks ?? []) {
    const a = index.get(l.a);
    const b = index.get(l.b);
    if (a !== undefined && b !== undefined && a < entityCount && b < entityCount && a !== b) {
      edges.push([a, b, l.weight, l.weight]);
    }
  }
  const maxNameTokens = Math.max(1, ...input.entities.map((e) => e.canonical.split(" ").length));
  return {
    csr: buildCsr(ids.length, edges),
    entityCount,
    ids,
    index,
    byCanonical,
    df,
    maxNameTokens: Math.min(maxNameTokens, 12),
  };
}

/**
 * Entities named in a question: word n-grams matched against entity names, longest first; a
 * match inside a longer one is dropped ("tours" inside "ermengarde of tours"). Only spans that
 * start and end with a capitalised word (or a number) count, so generic phrases that happen to
 * title some passage ("place of birth", "director") do not pull the walk away.
 */
export function linkQuestionEntities(
  question: string,
  graph: Pick<PhraseGraph, "byCanonical" | "maxNameTokens">,
): number[] {
  const words = nameWords(question);
  const taken = new Array<boolean>(words.length).fill(false);
  const found: number[] = [];
  for (let n = Math.min(graph.maxNameTokens, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      if (!words[i]?.capitalised || !words[i + n - 1]?.capitalised) continue;
      if (taken.slice(i, i + n).some(Boolean)) continue;
      const hit = graph.byCanonical.get(
        words
          .slice(i, i + n)
          .map((w) => w.canonical)
          .join(" "),
      );
      if (hit === undefined) continue;
      found.push(hit);
      for (let j = i; j < i + n; j++) taken[j] = true;
    }
  }
  return found;
}
