import { isCaseless, truecase } from "../../src/domain/text/truecase.js";
import type { GraphStore } from "../../src/store/graph-store.js";

/** How many passages (BM25, which ignores case) a lower-case question's capitals are read from. */
const SAMPLE = 30;

/**
 * The question with the capitals the store's passages give its words ("uber goodwill 2021" →
 * "Uber goodwill 2021"), or the question itself when it was typed with capitals: names are read
 * from capitals all through the answer path (src/domain/text/truecase.ts).
 */
export async function casedQuestion(question: string, store: GraphStore): Promise<string> {
  if (!isCaseless(question)) return question;
  const hits = await store.searchText(question, { k: SAMPLE });
  if (hits.length === 0) return question;
  const nodes = await store.getNodes(hits.map((h) => h.id));
  return truecase(
    question,
    nodes.flatMap((n) => (n.label === "Chunk" ? [n.text] : [])),
  );
}
