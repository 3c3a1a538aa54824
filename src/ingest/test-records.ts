import type { GraphStore } from "../store/graph-store.js";
import { ingestPaths } from "./pipeline.js";
import { openTempStore, TEST_CONFIG, writeTree } from "./test-helpers.js";

/** A corpus record as tests write it: id, title, text. */
export type RecordRow = readonly string[];

/** Records as JSONL lines, one `{id, title, text}` object a line (the multi-hop sets' corpus form). */
export const recordLines = (records: readonly RecordRow[]): string[] =>
  records.map(([id, title, text]) => JSON.stringify({ id, title, text }));

/**
 * A temp store holding files of records (file name → its records), ingested without processors:
 * no vectors, no extraction, so retrieval is BM25 and the structure alone.
 */
export async function recordsStore(files: Record<string, readonly RecordRow[]>): Promise<GraphStore> {
  const store = openTempStore();
  const tree = Object.fromEntries(
    Object.entries(files).map(([name, records]) => [name, recordLines(records).join("\n")]),
  );
  await ingestPaths(store, [writeTree(tree)], { config: TEST_CONFIG, processors: [] });
  return store;
}
