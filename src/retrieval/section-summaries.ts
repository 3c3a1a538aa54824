import type { ChunkNode } from "../domain/chunk.js";
import type { GraphStore } from "../store/graph-store.js";
import type { SectionSummary } from "./context-bundle.js";

export const LEAD_WORDS = 40;

/** Rough token count of the summaries as an answerer sees them (about 4/3 tokens per word). */
export function summaryTokens(summaries: readonly SectionSummary[]): number {
  const words = summaries.reduce(
    (a, s) => a + `${s.breadcrumbs} ${s.lead}`.split(/\s+/).filter(Boolean).length,
    0,
  );
  return Math.ceil((words * 4) / 3);
}

/** The first `n` words of a text, with an ellipsis when cut. */
export function leadOf(text: string, n = LEAD_WORDS): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > n ? `${words.slice(0, n).join(" ")} …` : words.join(" ");
}

/**
 * Summaries of the given sections and of their parent sections (parents first, each once):
 * breadcrumbs, title and the section's opening words, read through the GraphStore port.
 */
export async function loadSummaries(
  store: GraphStore,
  sectionIds: readonly string[],
): Promise<SectionSummary[]> {
  const own = [...new Set(sectionIds)];
  if (own.length === 0) return [];
  const partOf = (
    await Promise.all(own.map((id) => store.findEdges({ src: id, type: "PART_OF", limit: 1 })))
  ).flat();
  const parentOf = new Map(partOf.map((e) => [e.src, e.dst]));
  const order: string[] = [];
  for (const id of own) {
    const parent = parentOf.get(id);
    for (const x of parent ? [parent, id] : [id]) if (!order.includes(x)) order.push(x);
  }
  const [nodes, contained] = await Promise.all([
    store.getNodes(order),
    store.traverse(order, { edgeTypes: ["CONTAINS"], direction: "out", depth: 1 }),
  ]);
  const first = new Map<string, ChunkNode>();
  for (const n of contained.nodes) {
    if (n.label !== "Chunk" || !order.includes(n.section_id)) continue;
    const had = first.get(n.section_id);
    if (!had || n.seq < had.seq) first.set(n.section_id, n);
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return order.flatMap((id) => {
    const s = byId.get(id);
    if (s?.label !== "Section") return [];
    const parent = parentOf.get(id);
    return [
      {
        section_id: id,
        breadcrumbs: s.breadcrumbs,
        title: s.title,
        ...(parent ? { parent_id: parent } : {}),
        lead: leadOf(first.get(id)?.text ?? ""),
      },
    ];
  });
}
