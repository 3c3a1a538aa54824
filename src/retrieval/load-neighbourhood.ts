import type { GraphNode } from "../domain/graph-node.js";
import type { GraphStore } from "../store/graph-store.js";
import type { HoodChunk, HoodLink, HoodSection, Neighbourhood } from "./neighbourhood.js";
import { contentTerms } from "./query-profile.js";

interface Outline {
  doc_id: string;
  hash: string;
  sections: HoodSection[];
  chunks: HoodChunk[];
  topLevel: string[];
}

/** Per store handle and document; a changed content hash reloads the document's outline. */
const outlines = new WeakMap<GraphStore, Map<string, Outline>>();

/**
 * Loads what structure expansion needs around some candidate chunks: the outlines of their
 * documents (sections, parents, children, chunks; cached per document version), the LINKS_TO and
 * REFERS_TO edges leaving their sections two hops deep (with the targets' outlines), and the
 * EXPLAINED_BY edges of code symbols the question names.
 */
export async function loadNeighbourhood(
  store: GraphStore,
  chunkIds: readonly string[],
  question: string,
): Promise<Neighbourhood> {
  const sources = (await store.getNodes(chunkIds)).flatMap((n) => (n.label === "Chunk" ? [n] : []));
  const startSections = [...new Set(sources.map((c) => c.section_id))];
  const [cross, symbols] = await Promise.all([
    startSections.length > 0
      ? store.traverse(startSections, {
          edgeTypes: ["LINKS_TO", "REFERS_TO"],
          direction: "out",
          depth: 2,
          limit: 300,
        })
      : Promise.resolve({ nodes: [], edges: [] }),
    namedSymbolEdges(store, question),
  ]);
  const reached = new Map<string, GraphNode>([...cross.nodes, ...symbols.nodes].map((n) => [n.id, n]));
  const docIds = new Set(sources.map((c) => c.doc_id));
  for (const n of reached.values())
    if (n.label !== "CodeSymbol") docIds.add(n.label === "Document" ? n.id : n.doc_id);
  const docs = await Promise.all((await store.getNodes([...docIds])).map((d) => outlineOf(store, d)));

  const chunks = new Map<string, HoodChunk>();
  const sections = new Map<string, HoodSection>();
  const topLevel = new Map<string, string[]>();
  for (const o of docs) {
    if (!o) continue;
    for (const c of o.chunks) chunks.set(c.id, c);
    for (const s of o.sections) sections.set(s.id, s);
    topLevel.set(o.doc_id, o.topLevel);
  }
  const links: HoodLink[] = [];
  for (const e of [...cross.edges, ...symbols.edges]) {
    if (e.type !== "LINKS_TO" && e.type !== "REFERS_TO" && e.type !== "EXPLAINED_BY") continue;
    const target = landing(reached.get(e.dst), sections, chunks);
    if (!target) continue;
    links.push({
      from: e.type === "EXPLAINED_BY" ? "" : e.src,
      type: e.type,
      ...target,
      ...(e.props.anchor_text ? { anchor_text: e.props.anchor_text } : {}),
    });
  }
  return { chunks, sections, topLevel, links };
}

/** Where an edge lands: a section, and a chunk when the target is finer than a section. */
function landing(
  node: GraphNode | undefined,
  sections: ReadonlyMap<string, HoodSection>,
  chunks: ReadonlyMap<string, HoodChunk>,
): { section: string; chunk?: string } | undefined {
  if (!node) return undefined;
  switch (node.label) {
    case "Section":
      return { section: node.id };
    case "Chunk":
      return { section: node.section_id, chunk: node.id };
    case "Document": {
      const first = [...sections.values()]
        .filter((s) => s.doc_id === node.id)
        .sort((a, b) => a.seq - b.seq)[0];
      return first ? { section: first.id } : undefined;
    }
    case "Table":
    case "Figure": {
      // The chunk holding the table (or the figure's caption) on its page, else the section's lead.
      const want = node.label === "Table" ? "table" : "caption";
      const own = (sections.get(node.section_id)?.chunks ?? [])
        .map((id) => chunks.get(id))
        .find((c) => c?.content_type === want && (node.page === undefined || c.page_start === node.page));
      return { section: node.section_id, ...(own ? { chunk: own.id } : {}) };
    }
    default:
      return undefined;
  }
}

/** Identifier-like words of a question (`create_object`, `ConstructorRef`, `object::create`, `init()`). */
export function codeNames(question: string): string[] {
  const names = question.match(/[A-Za-z_][\w]*(?:::[A-Za-z_]\w*)*(?:\(\))?/g) ?? [];
  return [
    ...new Set(
      names
        .filter((n) => /_|::|\(\)|[a-z][A-Z]/.test(n))
        .flatMap((n) => {
          const bare = n.replace(/\(\)$/, "");
          const last = bare.split("::").pop() ?? bare;
          return last === bare ? [bare] : [bare, last];
        }),
    ),
  ].slice(0, 6);
}

async function namedSymbolEdges(store: GraphStore, question: string) {
  const symbols = (
    await Promise.all(
      codeNames(question).map((name) => store.findNodes({ label: "CodeSymbol", where: { name }, limit: 5 })),
    )
  ).flat();
  if (symbols.length === 0) return { nodes: [], edges: [] };
  return store.traverse(
    symbols.map((s) => s.id),
    { edgeTypes: ["EXPLAINED_BY"], direction: "out", depth: 1, limit: 50 },
  );
}

async function outlineOf(store: GraphStore, doc: GraphNode): Promise<Outline | undefined> {
  if (doc.label !== "Document") return undefined;
  let perStore = outlines.get(store);
  if (!perStore) {
    perStore = new Map();
    outlines.set(store, perStore);
  }
  const hit = perStore.get(doc.id);
  if (hit?.hash === doc.content_hash) return hit;
  const [sectionNodes, chunkNodes, partOf] = await Promise.all([
    store.findNodes({ label: "Section", doc_id: doc.id }),
    store.findNodes({ label: "Chunk", doc_id: doc.id }),
    store.findEdges({ type: "PART_OF", doc_id: doc.id }),
  ]);
  const parentOf = new Map(partOf.map((e) => [e.src, e.dst]));
  const sections = new Map<string, HoodSection>(
    sectionNodes
      .sort((a, b) => a.seq - b.seq)
      .map((s) => {
        const parent = parentOf.get(s.id);
        return [
          s.id,
          {
            id: s.id,
            doc_id: s.doc_id,
            title: s.title,
            sub_titles: s.sub_titles,
            title_terms: contentTerms(s.title),
            level: s.level,
            seq: s.seq,
            breadcrumbs: s.breadcrumbs,
            ...(parent ? { parent } : {}),
            children: [],
            chunks: [],
          },
        ];
      }),
  );
  for (const s of sections.values()) if (s.parent) sections.get(s.parent)?.children.push(s.id);
  const chunks: HoodChunk[] = chunkNodes
    .sort((a, b) => a.seq - b.seq)
    .map((c) => ({
      id: c.id,
      section_id: c.section_id,
      doc_id: c.doc_id,
      seq: c.seq,
      content_type: c.content_type,
      ...(c.page_start !== undefined ? { page_start: c.page_start } : {}),
    }));
  for (const c of chunks) sections.get(c.section_id)?.chunks.push(c.id);
  const all = [...sections.values()];
  const outline = {
    doc_id: doc.id,
    hash: doc.content_hash,
    sections: all,
    chunks,
    topLevel: all.filter((s) => !s.parent).map((s) => s.id),
  };
  perStore.set(doc.id, outline);
  return outline;
}
