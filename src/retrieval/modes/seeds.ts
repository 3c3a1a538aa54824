import type { ChunkNode } from "../../domain/chunk.js";
import type { GraphNode } from "../../domain/graph-node.js";
import type { RetrievalFilter } from "../../domain/retrieval-filter.js";
import { userError } from "../../errors.js";
import type { Embedder } from "../../index/embeddings/embedder.js";
import type { GraphStore, ScoredId } from "../../store/graph-store.js";
import { activeFilter } from "../filter-hits.js";
import { reciprocalRankFusion } from "../fuse.js";
import { contentTerms, type QueryProfile, queryProfile } from "../query-profile.js";
import { balanceByDocument, biasSeeds, fusionWeights, type SeedFacts, withPageSeeds } from "../seed-bias.js";

export const SEED_POOL = 100;
/**
 * BM25's list in the fusion stops here (the dense lists go to k): past rank 30 a BM25 hit adds
 * at most 1/90 to its fused score. Exact top-100 BM25 was the slowest step of a PPR question on
 * a 100k-chunk store (MaxScore prunes little at k = 100, so FTS5 scored every match: 135 ms of 177).
 */
export const BM25_SEED_DEPTH = 30;

/** Words that make a question PDF-like; they do not name a document. */
const PDF_TERMS = new Set(
  contentTerms("page pages paper pdf table figure chart document report appendix exhibit"),
);

export function requireEmbedder(embedder: Embedder | undefined, mode: string): Embedder {
  if (!embedder)
    throw userError("embedder_required", `retrieval mode ${mode} needs an embedder (AGR_EMBEDDER)`);
  return embedder;
}

export async function denseHits(
  store: GraphStore,
  embedder: Embedder,
  question: string,
  kind: string,
  k: number,
  filter?: RetrievalFilter,
) {
  const [vector] = await embedder.embedQueries([question]);
  return vector ? store.searchVectors(vector, { kind, k, ...scoped(filter) }) : [];
}

/** The search option carrying a filter that restricts something (none for absent or `{}`). */
export function scoped(filter: RetrievalFilter | undefined): { filter?: RetrievalFilter } {
  const f = activeFilter(filter);
  return f ? { filter: f } : {};
}

/**
 * Hybrid seeds: BM25 and dense (text, heading and link-anchor vectors) fused by RRF (k = 60),
 * weighted by question type (navigation-like questions lean on headings and anchors), biased
 * towards PDF chunks for page/table/figure questions, and balanced across documents so one
 * big document cannot take the whole pool. Without an embedder the rankings are BM25 alone, so
 * graph modes still run offline on a store without vectors. A filter is applied inside every
 * search (and to the named pages' chunks): each ranking is the top k of the allowed chunks.
 */
export async function hybridHits(
  store: GraphStore,
  embedder: Embedder | undefined,
  question: string,
  k = SEED_POOL,
  profile: QueryProfile = queryProfile(question),
  filter?: RetrievalFilter,
): Promise<ScoredId[]> {
  const w = fusionWeights(profile);
  const only = scoped(filter);
  const bm25 = await store.searchText(question, { k: Math.min(k, BM25_SEED_DEPTH), ...only });
  const rankings = [{ ids: bm25.map((h) => h.id), weight: w.bm25 }];
  if (embedder) {
    const [vector] = await embedder.embedQueries([question]);
    if (vector) {
      const search = (kind: string) => store.searchVectors(vector, { kind, k, ...only });
      const [text, heading, anchor] = await Promise.all([
        search("text"),
        search("heading"),
        search("anchor"),
      ]);
      rankings.push(
        { ids: text.map((h) => h.id), weight: w.text },
        { ids: heading.map((h) => h.id), weight: w.heading },
        { ids: anchor.map((h) => h.id), weight: w.anchor },
      );
    }
  }
  // Without vectors BM25's own scores order the pool; RRF of one list would only flatten them.
  const fused = rankings.length === 1 ? bm25 : reciprocalRankFusion(rankings);
  // Look at more than k so that balancing has seeds of other documents to promote.
  let pool = fused.slice(0, 2 * k);
  let facts = await seedFacts(store, await chunkNodes(store, pool), profile);
  if (profile.pages.length > 0) {
    const onPage = await chunksOnPages(store, profile.pages, only.filter);
    pool = withPageSeeds(pool, docsOf(facts), onPage);
    facts = new Map([...facts, ...(await seedFacts(store, onPage, profile))]);
  }
  return balanceByDocument(biasSeeds(pool, facts, profile), docsOf(facts), k);
}

const docsOf = (facts: ReadonlyMap<string, SeedFacts>) =>
  new Map([...facts].map(([id, f]) => [id, f.doc_id]));

async function chunkNodes(store: GraphStore, pool: readonly ScoredId[]): Promise<ChunkNode[]> {
  return (await store.getNodes(pool.map((p) => p.id))).flatMap((n) => (n.label === "Chunk" ? [n] : []));
}

/** Chunks on the named PDF pages (a few pages at most), through PdfPage CONTAINS Chunk. */
async function chunksOnPages(
  store: GraphStore,
  pages: readonly number[],
  filter: RetrievalFilter | undefined,
): Promise<ChunkNode[]> {
  const found = await Promise.all(
    pages.slice(0, 5).map((page_no) => store.findNodes({ label: "PdfPage", where: { page_no } })),
  );
  const ids = found.flat().map((p) => p.id);
  if (ids.length === 0) return [];
  const sub = await store.traverse(ids, { edgeTypes: ["CONTAINS"], direction: "out", depth: 1 });
  const chunks = sub.nodes.flatMap((n) => (n.label === "Chunk" ? [n] : []));
  if (!filter) return chunks;
  const allowed = new Set(
    await store.allowedChunks(
      chunks.map((c) => c.id),
      filter,
    ),
  );
  return chunks.filter((c) => allowed.has(c.id));
}

async function seedFacts(
  store: GraphStore,
  chunks: readonly ChunkNode[],
  profile: QueryProfile,
): Promise<Map<string, SeedFacts>> {
  const docKind = new Map<string, string>();
  const named = new Set<string>();
  if (profile.pdf) {
    // "page 12 of the TraceMonkey paper": the document is named by its title or file name.
    const terms = new Set(profile.terms.filter((t) => !PDF_TERMS.has(t)));
    const docs: GraphNode[] = await store.getNodes([...new Set(chunks.map((c) => c.doc_id))]);
    for (const d of docs) {
      if (d.label !== "Document") continue;
      docKind.set(d.id, d.kind);
      const file = d.uri.split("/").pop() ?? "";
      if (contentTerms(`${d.title} ${file.replace(/\.[a-z0-9]+$/i, "")}`).some((t) => terms.has(t)))
        named.add(d.id);
    }
  }
  return new Map(
    chunks.map((c) => [
      c.id,
      {
        doc_id: c.doc_id,
        pdf: docKind.get(c.doc_id) === "pdf" || c.page_start !== undefined,
        ...(c.page_start !== undefined
          ? { page_start: c.page_start, page_end: c.page_end ?? c.page_start }
          : {}),
        content_type: c.content_type,
        ...(named.has(c.doc_id) ? { doc_named: true } : {}),
        haystack: profile.labels.length > 0 ? `${c.heading_path.join(" ")} ${c.text}`.toLowerCase() : "",
      },
    ]),
  );
}
