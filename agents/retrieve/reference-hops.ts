import type { ChunkNode } from "../../src/domain/chunk.js";
import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { splitSentences } from "../text.js";

/** A cross-reference a passage makes ("see Note 4") and the chunk it lands on. */
export interface ReferenceHop {
  /** The referring passage. */
  from: Pick<Evidence, "chunk_id" | "text">;
  /** The sentence (or table row) making the reference. */
  sentence: string;
  target: ChunkNode;
}

/** Words of the target's text a hop carries: enough for a note's figure, not a whole section. */
export const HOP_WORDS = 60;

/**
 * The REFERS_TO edges the given passages state (edge.props.chunk_id is the passage), each landing
 * on one chunk: a table's or figure's own chunk, or the target section's first chunk. The
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
      const sentence = referringSentence(p.text, e.props.locator ?? "");
      if (!sentence) continue;
      const target = await landing(store, e.dst);
      if (!target || seen.has(`${p.chunk_id}>${target.id}`) || target.id === p.chunk_id) continue;
      seen.add(`${p.chunk_id}>${target.id}`);
      out.push({ from: p, sentence, target });
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
  // A table's or figure's own chunk on its page, else the chunk naming its label ("Figure 6");
  // the section's lead would be some other text.
  const want = node.label === "Table" ? "table" : "caption";
  const page = node.label === "Table" ? node.page : undefined;
  const label = node.ref_label;
  return (
    chunks.find((c) => c.content_type === want && (page === undefined || c.page_start === page)) ??
    (label ? chunks.find((c) => c.text.includes(label)) : undefined)
  );
}

/**
 * The sentence (or table row, its cells joined) that makes a reference, or undefined when the
 * mention is no reference: a number that goes on ("Note 1,602" is an amount), or a row or short
 * line that opens with the locator (a table of contents or a heading names, it does not refer). Pure.
 */
export function referringSentence(text: string, locator: string): string | undefined {
  if (!locator) return undefined;
  for (const sentence of splitSentences(text)) {
    let at = sentence.indexOf(locator);
    while (at >= 0) {
      const after = sentence.slice(at + locator.length);
      const opens = sentence.slice(0, at).replace(/[\s|*#>-]/g, "") === "";
      const listing = opens && (sentence.includes("|") || sentence.split(/\s+/).length <= 12);
      if (!/^[,.]\d/.test(after) && !listing) return clean(sentence);
      at = sentence.indexOf(locator, at + 1);
    }
  }
  return undefined;
}

/** A table row's pipes: outer ones dropped, inner ones kept as cell separators. */
const clean = (s: string) =>
  s
    .replace(/^[\s|]+|[\s|]+$/g, "")
    .replace(/(\s*\|\s*)+/g, " | ")
    .replace(/\s+/g, " ")
    .replace(/[.!?]+$/, "");

/**
 * The hop in words: the referring sentence (with its passage's S#), then what the target says,
 * under its heading: "The lease terms are disclosed in Note 4 (S1); Note 4 Commitments: Future
 * minimum payments amount to …". Pure.
 */
export function hopSentence(
  hop: { sentence: string; target: Pick<ChunkNode, "text" | "heading_path"> },
  fromSid: string | undefined,
): string {
  return `${hop.sentence}${fromSid ? ` (${fromSid})` : ""}; ${targetText(hop.target)}`;
}

/** The target chunk's text under its heading ("Heading: text"), cut to HOP_WORDS words. */
function targetText(chunk: Pick<ChunkNode, "text" | "heading_path">): string {
  const heading = chunk.heading_path.at(-1) ?? "";
  let body = chunk.text.replace(/\s+/g, " ").trim();
  if (heading && body.startsWith(heading)) body = body.slice(heading.length).replace(/^\s*[:.–—-]?\s*/, "");
  const words = body.split(" ").filter(Boolean);
  const cut = words.length > HOP_WORDS ? `${words.slice(0, HOP_WORDS).join(" ")} …` : words.join(" ");
  return heading ? `${heading}: ${cut}` : cut;
}
