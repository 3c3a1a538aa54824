import type { GraphEdge } from "../domain/graph-edge.js";
import type { GraphStore } from "../store/graph-store.js";
import { docKey, matchDocument } from "./structure/links.js";

/**
 * Turns stored LinkRefs into LINKS_TO edges (Section → Document, or → Section for `#fragment`
 * links). Runs after every ingest over all links, so ingestion order does not matter; edges
 * MERGE, so rerunning adds nothing. Returns how many links resolved.
 */
export async function resolveLinks(store: GraphStore): Promise<number> {
  const [links, documents] = await Promise.all([
    store.findNodes({ label: "LinkRef", where: { external: false } }),
    store.listDocuments(),
  ]);
  if (links.length === 0) return 0;
  const docs = new Map(documents.map((d) => [docKey(d.source_url ?? d.uri), d.id]));
  const anchorsByDoc = new Map<string, Map<string, string>>();
  const anchorsOf = async (docId: string) => {
    let anchors = anchorsByDoc.get(docId);
    if (!anchors) {
      anchors = new Map();
      for (const s of await store.findNodes({ label: "Section", doc_id: docId })) {
        for (const a of s.sub_anchors) if (!anchors.has(a)) anchors.set(a, s.id);
        if (s.anchor) anchors.set(s.anchor, s.id);
      }
      anchorsByDoc.set(docId, anchors);
    }
    return anchors;
  };
  const edges: GraphEdge[] = [];
  for (const link of links) {
    const targetDoc = matchDocument(link.target_url, docs);
    if (!targetDoc) continue;
    const section = link.fragment ? (await anchorsOf(targetDoc)).get(link.fragment) : undefined;
    const dst = section ?? targetDoc;
    if (dst === link.source_id) continue;
    edges.push({
      src: link.source_id,
      type: "LINKS_TO",
      dst,
      section_id: link.source_id,
      doc_id: link.doc_id,
      props: { anchor_text: link.anchor_text, position: link.position },
    });
  }
  await store.write({ edges });
  return edges.length;
}
