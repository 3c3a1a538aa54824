import type { DocumentNode } from "../domain/document.js";
import type { GraphStore, StoreCounts, VectorModel } from "../store/graph-store.js";

/** Per-document counts; field names are a public contract (`agr stats --json`). */
export interface DocumentStats {
  doc_id: string;
  uri: string;
  title: string;
  kind: DocumentNode["kind"];
  pages: number;
  sections: number;
  synthetic_sections: number;
  chunks: number;
  tables: number;
  figures: number;
  refs_resolved: number;
  refs_unresolved: number;
}

type Counted =
  | "pages"
  | "sections"
  | "synthetic_sections"
  | "chunks"
  | "tables"
  | "figures"
  | "refs_resolved"
  | "refs_unresolved";

export interface StatsReport {
  /** Model of the stored vectors; null when nothing was embedded. */
  embedding: { model: string; dim: number; fallback: boolean } | null;
  documents: DocumentStats[];
  totals: Record<Counted, number> & {
    documents: number;
    chunks_by_status: { PENDING: number; PROCESSED: number; FAILED: number };
    links_to: number;
    refers_to: number;
    /** Facts (Relation nodes), those an LLM asserted, and kNN chunk-graph edges (skeleton indexing). */
    relations: number;
    relations_llm: number;
    similar_to: number;
  };
  /**
   * The design's verification queries, typed by endpoint labels: Sections, Section→Entity
   * MENTIONS, Section→Section and Section→Table REFERS_TO. Same fields on every store.
   */
  verification: GraphVerification;
  warnings: string[];
}

export interface GraphVerification {
  sections: number;
  section_mentions_entity: number;
  section_refers_to_section: number;
  section_refers_to_table: number;
}

export async function collectStats(store: GraphStore): Promise<StatsReport> {
  const [documents, counts, model, llmRelations, refs] = await Promise.all([
    store.listDocuments(),
    store.counts(),
    store.vectorModel(),
    store.findNodes({ label: "Relation", where: { source: "llm" } }).then((r) => r.length),
    referenceEndpoints(store),
  ]);
  return buildStatsReport(documents, counts, model, llmRelations, refs);
}

/** REFERS_TO edges as (source label, target label) pairs: few per document, so read through the port. */
async function referenceEndpoints(store: GraphStore): Promise<Array<[string, string]>> {
  const edges = await store.findEdges({ type: "REFERS_TO" });
  const ids = [...new Set(edges.flatMap((e) => [e.src, e.dst]))];
  const labels = new Map((await store.getNodes(ids)).map((n) => [n.id, n.label as string]));
  return edges.map((e) => [labels.get(e.src) ?? "?", labels.get(e.dst) ?? "?"]);
}

/** Pure: documents and raw counts in, the health report out. */
export function buildStatsReport(
  documents: readonly DocumentNode[],
  counts: StoreCounts,
  model: VectorModel | null = null,
  llmRelations = 0,
  refs: ReadonlyArray<readonly [string, string]> = [],
): StatsReport {
  const nodeCount = (doc: string, label: string) =>
    counts.nodes.find((c) => c.doc_id === doc && c.label === label)?.count ?? 0;
  const edgeCount = (doc: string, type: string) =>
    counts.edges.find((c) => c.doc_id === doc && c.type === type)?.count ?? 0;
  const docs: DocumentStats[] = [...documents]
    .sort((a, b) => a.uri.localeCompare(b.uri))
    .map((d) => ({
      doc_id: d.id,
      uri: d.uri,
      title: d.title,
      kind: d.kind,
      pages: d.pages,
      sections: nodeCount(d.id, "Section"),
      synthetic_sections: counts.synthetic_sections.find((c) => c.doc_id === d.id)?.count ?? 0,
      chunks: nodeCount(d.id, "Chunk"),
      tables: nodeCount(d.id, "Table"),
      figures: nodeCount(d.id, "Figure"),
      refs_resolved: edgeCount(d.id, "REFERS_TO"),
      refs_unresolved: nodeCount(d.id, "UnresolvedRef"),
    }));
  const sum = (key: Counted) => docs.reduce((acc, d) => acc + d[key], 0);
  const status = (s: "PENDING" | "PROCESSED" | "FAILED") =>
    counts.chunk_status.filter((c) => c.status === s).reduce((acc, c) => acc + c.count, 0);
  const edgeTotal = (type: string) =>
    counts.edges.filter((c) => c.type === type).reduce((acc, c) => acc + c.count, 0);
  const fallback = model?.id.startsWith("fallback:") ?? false;
  return {
    embedding: model ? { model: model.id, dim: model.dim, fallback } : null,
    documents: docs,
    totals: {
      documents: docs.length,
      pages: sum("pages"),
      sections: sum("sections"),
      synthetic_sections: sum("synthetic_sections"),
      chunks: sum("chunks"),
      tables: sum("tables"),
      figures: sum("figures"),
      refs_resolved: sum("refs_resolved"),
      refs_unresolved: sum("refs_unresolved"),
      chunks_by_status: {
        PENDING: status("PENDING"),
        PROCESSED: status("PROCESSED"),
        FAILED: status("FAILED"),
      },
      links_to: edgeTotal("LINKS_TO"),
      refers_to: edgeTotal("REFERS_TO"),
      relations: counts.nodes.filter((c) => c.label === "Relation").reduce((acc, c) => acc + c.count, 0),
      relations_llm: llmRelations,
      similar_to: edgeTotal("SIMILAR_TO"),
    },
    verification: {
      sections: counts.nodes.filter((c) => c.label === "Section").reduce((acc, c) => acc + c.count, 0),
      // MENTIONS is written only from a Section to an Entity (src/index/extract/entity-processor.ts).
      section_mentions_entity: edgeTotal("MENTIONS"),
      section_refers_to_section: refs.filter(([a, b]) => a === "Section" && b === "Section").length,
      section_refers_to_table: refs.filter(([a, b]) => a === "Section" && b === "Table").length,
    },
    warnings: [
      ...(fallback
        ? [
            `EMBEDDINGS ARE THE HASHING FALLBACK (${model?.id}), not a neural model: run \`npm run models\` and re-index`,
          ]
        : []),
      ...docs.flatMap(healthWarnings),
      ...documents.flatMap((d) => d.warnings.map((w) => `${d.uri}: ${w}`)),
      ...statusWarnings(status),
    ],
  };
}

/**
 * The design's healthy ranges for paged documents: 10–15 sections per ~25 pages (25–40 per
 * ~70), REFERS_TO > 5, 2–10 tables per 25 pages. Warn only when a document is far off
 * (beyond half the low end or twice the high end), since real layouts vary.
 */
export function healthWarnings(d: DocumentStats): string[] {
  const out: string[] = [];
  if (d.chunks === 0) out.push(`${d.uri}: no chunks (nothing indexable was extracted)`);
  if (d.kind !== "pdf" || d.pages < 10) return out;
  const perPage = d.sections / d.pages;
  if (perPage < 0.2 || perPage > 1.2) {
    out.push(`${d.uri}: ${d.sections} sections for ${d.pages} pages (healthy: about 10–15 per 25 pages)`);
  }
  if (d.pages >= 25 && d.refs_resolved <= 5) {
    out.push(`${d.uri}: only ${d.refs_resolved} resolved cross-references (healthy: more than 5)`);
  }
  const tablesPer25 = (d.tables / d.pages) * 25;
  if (d.pages >= 25 && (tablesPer25 < 1 || tablesPer25 > 20)) {
    out.push(`${d.uri}: ${tablesPer25.toFixed(1)} tables per 25 pages (healthy: 2–10)`);
  }
  if (d.refs_unresolved > Math.max(10, d.refs_resolved)) {
    out.push(`${d.uri}: ${d.refs_unresolved} unresolved cross-references vs ${d.refs_resolved} resolved`);
  }
  return out;
}

function statusWarnings(status: (s: "PENDING" | "PROCESSED" | "FAILED") => number): string[] {
  const out: string[] = [];
  if (status("FAILED") > 0)
    out.push(`${status("FAILED")} chunks FAILED (rerun \`agr ingest\` to retry them)`);
  if (status("PENDING") > 0)
    out.push(`${status("PENDING")} chunks PENDING (an interrupted run; rerun \`agr ingest\`)`);
  return out;
}
