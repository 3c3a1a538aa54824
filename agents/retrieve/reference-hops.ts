import type { ChunkNode } from "../../src/domain/chunk.js";
import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { splitSentences } from "../text.js";

/** A cross-reference a passage makes ("see Note 4") and the chunk it lands on. */
export interface ReferenceHop {
  /** The referring passage. */
  from: Pick<Evidence, "chunk_id" | "text">;
  locator: string;
  target: ChunkNode;
}

/** Words of the target's text a hop carries: enough for a note's figure, not a whole section. */
export const HOP_WORDS = 60;

/**
 * The REFERS_TO edges the given passages state (edge.props.chunk_id is the passage), each landing
 * on one chunk: a table's or figure's own chunk, else the target section's first chunk. The
 * answer often sits where the reference points, not in the passage that matched the question.
 */
export async function referenceHops(
  store: GraphStore,
  passages: ReadonlyArray<Pick<Evidence, "chunk_id" | "section_id" | "text">>,
  limit: number,
): Promise<ReferenceHop[]> {
  const out: ReferenceHop[] = [];
  const seen = new Set(passages.map((p) => p.chunk_id));
  for (const p of passages) {
    const edges = (await store.findEdges({ src: p.section_id, type: "REFERS_TO", limit: 50 })).filter(
      (e) => e.props.chunk_id === p.chunk_id,
    );
    for (const e of edges) {
      if (out.length >= limit) return out;
      const target = await landing(store, e.dst);
      if (!target || seen.has(`${p.chunk_id}>${target.id}`) || target.id === p.chunk_id) continue;
      seen.add(`${p.chunk_id}>${target.id}`);
      out.push({ from: p, locator: e.props.locator ?? "", target });
    }
  }
  return out;
}

async function landing(store: GraphStore, id: string): Promise<ChunkNode | undefined> {
  const [node] = await store.getNodes([id]);
  if (!node) return undefined;
  if (node.label === "Chunk") return node;
  if (node.label !== "Section" && node.label !== "Table" && node.label !== "Figure") return undefined;
  const section = node.label === "Section" ? node.id : node.section_id;
  const sub = await store.traverse([section], {
    edgeTypes: ["CONTAINS"],
    direction: "out",
    depth: 1,
    limit: 500,
  });
  const chunks = sub.nodes
    .filter((n): n is ChunkNode => n.label === "Chunk" && n.section_id === section)
    .sort((a, b) => a.seq - b.seq);
  if (node.label === "Section") return chunks[0];
  const want = node.label === "Table" ? "table" : "caption";
  const page = node.label === "Table" ? node.page : undefined;
  return (
    chunks.find((c) => c.content_type === want && (page === undefined || c.page_start === page)) ?? chunks[0]
  );
}

/**
 * The hop in words: the referring sentence (with its passage's S#), then what the target says,
 * under its heading: "The lease terms are disclosed in Note 4 (S1); Note 4 Commitments: Future
 * minimum payments amount to …". Pure.
 */
export function hopSentence(hop: ReferenceHop, fromSid: string | undefined): string {
  const sentences = splitSentences(hop.from.text);
  const referring =
    sentences.find((s) => hop.locator && s.includes(hop.locator)) ??
    sentences.find((s) => /\S/.test(s)) ??
    "";
  const source = `${referring.replace(/\s+/g, " ").replace(/[.!?]+$/, "")}${fromSid ? ` (${fromSid})` : ""}`;
  return `${source}; ${targetText(hop.target)}`;
}

/** The target chunk's text under its heading ("Heading: text"), cut to HOP_WORDS words. */
function targetText(chunk: ChunkNode): string {
  const heading = chunk.heading_path.at(-1) ?? "";
  let body = chunk.text.replace(/\s+/g, " ").trim();
  if (heading && body.startsWith(heading)) body = body.slice(heading.length).replace(/^\s*[:.–—-]?\s*/, "");
  const words = body.split(" ").filter(Boolean);
  const cut = words.length > HOP_WORDS ? `${words.slice(0, HOP_WORDS).join(" ")} …` : words.join(" ");
  return heading ? `${heading}: ${cut}` : cut;
}
