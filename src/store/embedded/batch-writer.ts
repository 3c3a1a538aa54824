import type Database from "better-sqlite3";
import type { GraphNode } from "../../domain/graph-node.js";
import { analyze } from "../../domain/text/analyzer.js";
import type { WriteBatch } from "../graph-store.js";
import type { Bm25Heads } from "./bm25-heads.js";
import type { Statements } from "./statements.js";
import type { VectorTable } from "./vector-table.js";
import { latestNodes, mergedVectors, sortedEdges } from "./write-plan.js";

/**
 * Applies a WriteBatch in one transaction: deletions first, then nodes (chunks with their FTS
 * rows), edges, vectors, embedding cache entries and chunk statuses; then the BM25 heads catch up.
 */
export class BatchWriter {
  /** The heads' watermark, read at the start of each write (rows above it are not in the heads yet). */
  private headsMark = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly st: Statements,
    private readonly vectors: VectorTable,
    private readonly heads: Bm25Heads,
    private readonly headsMinRows: number | undefined,
  ) {}

  write(batch: WriteBatch): void {
    this.db.transaction(() => {
      this.headsMark = this.heads.watermark();
      for (const docId of batch.deleteDocuments ?? []) this.deleteDocument(docId);
      for (const id of batch.deleteNodes ?? []) this.deleteNode(id);
      for (const d of batch.deleteEdges ?? []) {
        const src = d.src ?? null;
        const dst = d.dst ?? null;
        this.st.deleteEdgesWhere.run(d.type, src, src, dst, dst);
      }
      for (const d of batch.deleteVectors ?? []) this.vectors.deleteKind(d.kind, d.ids);
      for (const node of latestNodes(batch.nodes ?? [])) this.upsertNode(node);
      for (const e of sortedEdges(batch.edges ?? [])) {
        this.st.upsertEdge.run(e.src, e.type, e.dst, e.section_id, e.doc_id, JSON.stringify(e.props));
      }
      for (const v of mergedVectors(batch.vectors ?? [])) this.vectors.upsert(v.model, v.rows);
      for (const c of batch.embeddingCache ?? []) this.vectors.cachePut(c.model_id, c.entries);
      for (const u of batch.chunkStatus ?? []) {
        if (u.status === "FAILED")
          this.st.failStatus.run(u.incrementRetry ? 1 : 0, u.error ?? "", u.chunk_id);
        else this.st.clearStatus.run(u.status, u.chunk_id);
      }
    })();
    if ((batch.nodes?.length ?? 0) > 0) this.heads.maintain(this.headsMinRows);
  }

  private upsertNode(node: GraphNode): void {
    if (node.label !== "Chunk") {
      this.st.upsertNodeQuiet.run(node.id, node.label, node.doc_id, JSON.stringify(node));
      return;
    }
    const row = this.st.upsertNode.get(node.id, node.label, node.doc_id, JSON.stringify(node)) as {
      rid: number;
    };
    this.st.ftsDelete.run(row.rid);
    this.st.ftsInsert.run(row.rid, analyze(node.heading_path.join(" ")), analyze(node.text));
    if (row.rid <= this.headsMark) this.heads.markDirty(row.rid);
  }

  private deleteNode(id: string): void {
    const row = this.st.ridOf.get(id) as { rid: number } | undefined;
    if (!row) return;
    this.st.ftsDelete.run(row.rid);
    this.st.deleteEdgesOfNode.run(id, id);
    this.vectors.deleteOfNode(id);
    this.st.deleteNode.run(id);
  }

  /** Inside a transaction: a document's FTS rows, edges, vectors and nodes. */
  deleteDocument(docId: string): boolean {
    this.st.ftsDeleteDoc.run(docId);
    this.st.deleteEdgesOfDoc.run(docId, docId, docId);
    this.vectors.deleteOfDoc(docId);
    return this.st.deleteNodesOfDoc.run(docId).changes > 0;
  }
}
