import type { EdgeType, GraphEdge } from "../domain/graph-edge.js";
import { EdgeTypeSchema } from "../domain/graph-edge.js";
import type { GraphNode } from "../domain/graph-node.js";
import { NODE_LABELS } from "../domain/graph-node.js";
import type { EdgeKey } from "../store/embedded/statements.js";
import type { GraphStore } from "../store/graph-store.js";
import type { StoreExport } from "../store/migrate-store.js";

/** Rows read per page: enough to amortise the query, small enough that a big store never sits in memory. */
export const EXPORT_PAGE = 2_000;

/** A node with its insertion number (the order the store lists nodes in). */
export interface ExportedNode {
  rid: number;
  node: GraphNode;
}

/** Every node, then every edge, in pages; each can be read more than once (GraphML reads twice). */
export interface ExportSource {
  nodes(): AsyncIterable<ExportedNode>;
  edges(): AsyncIterable<GraphEdge>;
}

const hasExport = (store: GraphStore): store is GraphStore & StoreExport =>
  typeof (store as Partial<StoreExport>).exportNodes === "function" &&
  typeof (store as Partial<StoreExport>).exportEdges === "function";

/**
 * The store's whole graph as pages. The embedded store has keyset pages of its tables (what
 * `agr migrate` reads). Any other store goes through the port: nodes per label by offset pages in
 * insertion order, edges per document and type (the port has no edge paging, so one document's
 * edges of one type are the largest piece held at once).
 */
export function exportSource(store: GraphStore, page = EXPORT_PAGE): ExportSource {
  if (hasExport(store)) {
    return {
      async *nodes() {
        for (let after = 0; ; ) {
          const rows = store.exportNodes(after, page);
          yield* rows;
          const last = rows.at(-1);
          if (!last || rows.length < page) return;
          after = last.rid;
        }
      },
      async *edges() {
        for (let after: EdgeKey | null = null; ; ) {
          const rows = store.exportEdges(after, page);
          yield* rows;
          const last = rows.at(-1);
          if (!last || rows.length < page) return;
          after = { src: last.src, type: last.type, dst: last.dst, section_id: last.section_id };
        }
      },
    };
  }
  return {
    async *nodes() {
      let rid = 0;
      for (const label of NODE_LABELS) {
        for (let offset = 0; ; offset += page) {
          const rows = await store.findNodes({ label, limit: page, offset });
          for (const node of rows) yield { rid: ++rid, node };
          if (rows.length < page) break;
        }
      }
    },
    async *edges() {
      const counts = (await store.counts()).edges;
      const docs = [...new Set(counts.map((c) => c.doc_id))].sort();
      const types = new Set<EdgeType>(counts.map((c) => c.type));
      for (const doc_id of docs)
        for (const type of EdgeTypeSchema.options.filter((t) => types.has(t)))
          yield* await store.findEdges({ doc_id, type });
    },
  };
}

/**
 * Buffers small writes into larger ones and waits for the stream to drain when it asks to, so
 * exporting a big store to a slow pipe holds a few buffers, not the whole file.
 */
export class BufferedSink {
  private parts: string[] = [];
  private size = 0;

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly flushAt = 1 << 16,
  ) {}

  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= this.flushAt) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const chunk = this.parts.join("");
    this.parts = [];
    this.size = 0;
    if (this.out.write(chunk)) return;
    // A closed pipe (`agr export | head`) never drains: its error ends the wait instead.
    await new Promise<void>((resolve, reject) => {
      const done = (error?: unknown) => {
        this.out.off("drain", done);
        this.out.off("error", done);
        if (error) reject(error);
        else resolve();
      };
      this.out.once("drain", done);
      this.out.once("error", done);
    });
  }
}

/** Where a format writes: one string at a time, in order. */
export type Write = (text: string) => Promise<void>;
