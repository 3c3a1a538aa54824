import { stableId } from "../domain/ids.js";
import type { GraphStore } from "../store/graph-store.js";

/**
 * A new document's id hashes its path inside the folder it was ingested from, not its absolute
 * path: every id below it (sections, chunks) and so every tie in a ranking stays the same when
 * the folder moves. A key another document already holds falls back to the absolute uri.
 */
export async function documentId(store: GraphStore, key: string, uri: string): Promise<string> {
  const id = stableId("doc", `path:${key}`);
  return (await store.getNode(id)) ? stableId("doc", uri) : id;
}
