import type { ChunkNode } from "../../src/domain/chunk.js";
import { evidenceAt, locateChunks, makeRoom } from "../../src/retrieval/build-bundle.js";
import { type ContextBundle, type Evidence, passagesOf } from "../../src/retrieval/context-bundle.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { contentTerms } from "../text.js";

/**
 * Whether a passage stops before what it announces: it ends with a colon, inside a list (its last
 * line a bullet), or mid-sentence (no closing punctuation).
 */
export function cut(text: string): boolean {
  const last = text.trimEnd().split("\n").at(-1) ?? "";
  return /:$/.test(last) || (/^\s*(?:[-*+•▪◦]|\d+[.)])\s/.test(last) && !/[.!?]["”’)]?$/.test(last));
}

/** Top passages kept whatever the room; passages checked for a cut; continuations added at most. */
const KEEP = 5;
const LOOK_AT = 12;
const MAX_ADDED = 3;
/** Chunks followed from one cut passage; shorter than this a chunk is a fragment and reading goes on. */
const MAX_STEPS = 3;
const FRAGMENT_TOKENS = 30;

/**
 * A passage that ends by announcing what follows ("… can be attributed to a few specific causes:")
 * or inside a list was cut by the chunker before the rest of it: the next chunk of the same section (its
 * NEXT edge) joins the bundle right after it, room made by dropping the weakest items (never
 * below 5). Unchanged when nothing was cut or the next chunk is already there.
 */
export async function withCutContinuations(store: GraphStore, bundle: ContextBundle): Promise<ContextBundle> {
  const passages = passagesOf(bundle.evidence);
  const have = new Set(passages.map((p) => p.chunk_id));
  const next: { chunk: ChunkNode; score: number; root: string }[] = [];
  // The cut passages that say most of what the question asks go first ("a convenience function
  // for a package with exactly one script with the below command:"), then by rank.
  const asked = new Set(contentTerms(bundle.query));
  const says = (p: Evidence) => [...new Set(contentTerms(p.text))].filter((t) => asked.has(t)).length;
  const order = passages
    .slice(0, LOOK_AT)
    .map((p, rank) => ({ p, rank, says: says(p) }))
    .sort((a, b) => b.says - a.says || a.rank - b.rank)
    .map((x) => x.p);
  for (const p of order) {
    if (next.length >= MAX_ADDED || !cut(p.text)) continue;
    // A fragment ("controlflow-recursive.") or a chunk still inside the list reads on.
    let from = p.chunk_id;
    for (let step = 0; step < MAX_STEPS; step++) {
      const [edge] = await store.findEdges({ src: from, type: "NEXT", limit: 1 });
      if (!edge || have.has(edge.dst)) break;
      const [node] = await store.getNodes([edge.dst]);
      if (node?.label !== "Chunk" || node.section_id !== p.section_id) break;
      have.add(node.id);
      next.push({ chunk: node, score: p.score, root: p.chunk_id });
      if (node.token_count >= FRAGMENT_TOKENS && !cut(node.text)) break;
      from = node.id;
    }
  }
  if (next.length === 0) return bundle;
  const reserve = next.reduce((a, n) => a + n.chunk.token_count, 0);
  // A continued passage below the kept top moves up to just under it: room is made from the tail.
  const roots = new Set(next.map((n) => n.root));
  const low = bundle.evidence.slice(KEEP).filter((e) => roots.has(e.chunk_id));
  const lifted = {
    ...bundle,
    evidence: [
      ...bundle.evidence.slice(0, KEEP),
      ...low,
      ...bundle.evidence.slice(KEEP).filter((e) => !roots.has(e.chunk_id)),
    ],
  };
  const room = await makeRoom(store, lifted, reserve, KEEP + low.length);
  const at = await locateChunks(
    store,
    next.map((n) => n.chunk),
  );
  const added = next.flatMap((n) => {
    const loc = at.get(n.chunk.id);
    return loc ? [{ n, loc }] : [];
  });
  // Each continuation right after the passage it continues (a later cut for room drops the
  // weakest, last items first); S# renumbered in order, before any graph item cites one.
  const after = new Map<string, Evidence[]>();
  for (const { n, loc } of added)
    after.set(n.root, [...(after.get(n.root) ?? []), evidenceAt(loc, "", n.chunk.text, n.score)]);
  const evidence = room.evidence
    .flatMap((e) => [e, ...(after.get(e.chunk_id) ?? [])])
    .map((e, i) => ({ ...e, sid: `S${i + 1}` }));
  return {
    ...room,
    evidence,
    token_count: room.token_count + added.reduce((a, { n }) => a + n.chunk.token_count, 0),
  };
}
