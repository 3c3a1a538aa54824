import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Config } from "../../src/config.js";
import { sha256 } from "../../src/domain/ids.js";
import { userError } from "../../src/errors.js";
import { SqliteGraphStore } from "../../src/store/embedded/sqlite-store.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { describeStore, openGraphStore } from "../../src/store/open-graph-store.js";

const MarkerSchema = z.object({ fingerprint: z.string(), doc_id: z.string() });
const CACHE_BATCH = 2_000;

export interface Neo4jEvalStore {
  store: GraphStore;
  /** Where the store lives, for the report (the URI and database, never credentials). */
  label: string;
  /** Records that the corpus document now holds an index of this fingerprint. */
  markIndexed(docId: string): void;
}

/**
 * The Neo4j database NEO4J_URI names, prepared for one eval corpus: it must hold that corpus only
 * (retrieval over other documents would change the figures), so foreign documents are refused,
 * or removed with `replace`. An index built with another configuration (fingerprint) is removed
 * too. Which fingerprint the database holds is kept in a small file in the eval cache folder.
 */
export async function openNeo4jEvalStore(input: {
  config: Config;
  corpusHash: string;
  fingerprint: string;
  cacheDir: string;
  replace: boolean;
}): Promise<Neo4jEvalStore> {
  const { config, corpusHash, fingerprint } = input;
  const label = describeStore(config);
  const store = await openGraphStore(config);
  try {
    const marker = join(
      input.cacheDir,
      `neo4j-${sha256(`${config.neo4jUri}\u0000${config.neo4jDatabase}`).slice(0, 12)}.json`,
    );
    const previous = existsSync(marker)
      ? MarkerSchema.safeParse(JSON.parse(readFileSync(marker, "utf8")))
      : null;
    const docs = await store.listDocuments();
    const foreign = docs.filter((d) => d.content_hash !== corpusHash);
    if (foreign.length > 0 && !input.replace) {
      const names = foreign
        .slice(0, 3)
        .map((d) => d.uri)
        .join(", ");
      throw userError(
        "neo4j_not_dedicated",
        `the Neo4j database ${label} holds ${foreign.length} other document(s) (${names}); an eval needs a database of its own: pass --neo4j-replace to remove them`,
      );
    }
    const corpus = docs.find((d) => d.content_hash === corpusHash);
    const stale =
      corpus &&
      !(previous?.success && previous.data.fingerprint === fingerprint && previous.data.doc_id === corpus.id);
    for (const d of [...foreign, ...(stale && corpus ? [corpus] : [])]) await store.deleteDocument(d.id);
    if (foreign.length > 0 || stale) await store.pruneOrphans("Entity");
    return {
      store,
      label,
      markIndexed(docId) {
        mkdirSync(input.cacheDir, { recursive: true });
        writeFileSync(marker, JSON.stringify({ fingerprint, doc_id: docId }));
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * Copies the embeddings that embedded eval stores of this dataset computed with the same model
 * into the store's embedding cache, so indexing into Neo4j embeds nothing already embedded.
 */
export async function seedCacheFromEmbedded(
  store: GraphStore,
  cacheDir: string,
  datasetName: string,
  modelId: string,
): Promise<number> {
  if (!existsSync(cacheDir)) return 0;
  const files = readdirSync(cacheDir).filter((f) => f.startsWith(`${datasetName}-`) && f.endsWith(".db"));
  const seen = new Set<string>();
  for (const file of files) {
    // The embedded store's own paged export: the table layout stays inside src/store/embedded.
    const donor = SqliteGraphStore.open(join(cacheDir, file));
    try {
      let after: { model_id: string; key: string } | null = null;
      for (;;) {
        const page = donor.exportEmbeddingCache(after, CACHE_BATCH);
        const last = page.at(-1);
        if (!last) break;
        after = { model_id: last.model_id, key: last.key };
        const entries = page
          .filter((r) => r.model_id === modelId && !seen.has(r.key))
          .map((r) => ({ key: r.key, vector: r.vector }));
        for (const e of entries) seen.add(e.key);
        if (entries.length > 0) await store.write({ embeddingCache: [{ model_id: modelId, entries }] });
      }
    } finally {
      await donor.close();
    }
  }
  return seen.size;
}
