import { z } from "zod";
import type { GraphNode } from "../../domain/graph-node.js";
import { canonicalName } from "../../index/extract/canonical.js";
import type { GraphStore } from "../../store/graph-store.js";
import type { ServerContext } from "../app-env.js";
import { defineRoute } from "../route.js";

const SEARCH_LABELS = ["Document", "Section", "Entity", "Chunk"] as const;

export const GraphSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "the search text is empty").max(500),
  /** Comma-separated labels to return; none = all of Document, Section, Entity, Chunk. */
  label: z
    .string()
    .optional()
    .transform((s, ctx) => {
      const labels = (s ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
      const parsed = z.array(z.enum(SEARCH_LABELS)).safeParse(labels);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: `unknown label; searchable: ${SEARCH_LABELS.join(", ")}` });
        return z.NEVER;
      }
      return parsed.data.length ? parsed.data : [...SEARCH_LABELS];
    }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const GraphSearchHitSchema = z.object({
  id: z.string(),
  label: z.enum(SEARCH_LABELS),
  /** What to show: a title, a name, or the start of a chunk's text. */
  text: z.string(),
  /** Breadcrumbs or the document's uri. */
  context: z.string(),
});
export type GraphSearchHit = z.infer<typeof GraphSearchHitSchema>;

/** GET /v1/graph/search: find nodes to start exploring from, by title, name or text. */
export function graphSearchRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/graph/search",
      summary:
        "Find nodes by text: documents by title or uri, entities by name, sections and chunks by BM25 over chunk text",
      tag: "graph",
      query: GraphSearchQuerySchema,
      responses: {
        200: { description: "hits, best first", schema: z.object({ hits: z.array(GraphSearchHitSchema) }) },
      },
      handler: async (c, { query }) =>
        c.json({ hits: await searchGraph(ctx.engine().store, query.q, query.label, query.limit) }),
    }),
  ];
}

/**
 * Everything goes through the GraphStore port (works on either backend): documents are few and
 * listed whole; sections and chunks come from BM25 hits; entities are the exact canonical name
 * plus the entities mentioned in the hit chunks whose name shares a word with the query.
 */
export async function searchGraph(
  store: GraphStore,
  q: string,
  labels: readonly (typeof SEARCH_LABELS)[number][],
  limit: number,
): Promise<GraphSearchHit[]> {
  const want = new Set(labels);
  const needle = q.toLowerCase();
  const words = new Set(canonicalName(q).split(" ").filter(Boolean));
  const hits: GraphSearchHit[] = [];
  const seen = new Set<string>();
  const push = (h: GraphSearchHit) => {
    if (!seen.has(h.id) && want.has(h.label)) {
      seen.add(h.id);
      hits.push(h);
    }
  };
  if (want.has("Document"))
    for (const d of await store.listDocuments())
      if (d.title.toLowerCase().includes(needle) || d.uri.toLowerCase().includes(needle))
        push({ id: d.id, label: "Document", text: d.title, context: d.uri });
  if (want.has("Entity") && words.size) {
    const exact = await store.findNodes({
      label: "Entity",
      where: { canonical: canonicalName(q) },
      limit: 5,
    });
    for (const e of exact) push(entityHit(e));
  }
  const ranked = await store.searchText(q, { k: Math.min(50, limit * 3) });
  const chunks = (await store.getNodes(ranked.map((r) => r.id))).filter(
    (n): n is Extract<GraphNode, { label: "Chunk" }> => n.label === "Chunk",
  );
  if (want.has("Section")) {
    const sections = await store.getNodes([...new Set(chunks.map((ch) => ch.section_id))]);
    const byId = new Map(sections.map((s) => [s.id, s]));
    for (const ch of chunks) {
      const s = byId.get(ch.section_id);
      if (s?.label === "Section") push({ id: s.id, label: "Section", text: s.title, context: s.breadcrumbs });
    }
  }
  if (want.has("Entity") && words.size)
    for (const ch of chunks.slice(0, 10)) {
      const edges = await store.findEdges({ dst: ch.id, type: "MENTIONED_IN", limit: 50 });
      for (const e of await store.getNodes(edges.map((x) => x.src)))
        if (e.label === "Entity" && e.canonical.split(" ").some((w) => words.has(w))) push(entityHit(e));
    }
  for (const ch of chunks)
    push({
      id: ch.id,
      label: "Chunk",
      text: ch.text.slice(0, 160),
      context: ch.heading_path.join(" > "),
    });
  // Documents and entities first (few, named), then sections, then passages.
  const order = { Document: 0, Entity: 1, Section: 2, Chunk: 3 } as const;
  return hits.sort((a, b) => order[a.label] - order[b.label]).slice(0, limit);
}

function entityHit(e: Extract<GraphNode, { label: "Entity" }>): GraphSearchHit {
  return {
    id: e.id,
    label: "Entity",
    text: e.name,
    context: `${e.type}${e.salience ? ` · ${e.salience}` : ""}`,
  };
}
