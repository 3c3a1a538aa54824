import type { RetrievalFilter } from "../../src/domain/retrieval-filter.js";
import { isCaseless, truecase, unseenWords } from "../../src/domain/text/truecase.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { englishWords, isEnglish } from "./english-words.js";

/** How many passages (BM25, which ignores case) a lower-case question's capitals are read from. */
const SAMPLE = 30;

/**
 * The question with the capitals the store's passages give its words ("uber goodwill 2021" →
 * "Uber goodwill 2021"), or the question itself when it was typed with capitals: names are read
 * from capitals all through the answer path (src/domain/text/truecase.ts). A word none of those
 * passages uses and no dictionary knows ("neo4j") is taken for a name too, as the user would have
 * written it: the documents not naming it is what makes a question unanswerable. Only the run's
 * scope (`filter`) is read.
 */
export async function casedQuestion(
  question: string,
  store: GraphStore,
  filter?: RetrievalFilter,
): Promise<string> {
  if (!isCaseless(question)) return question;
  const hits = await store.searchText(question, { k: SAMPLE, ...(filter ? { filter } : {}) });
  if (hits.length === 0) return question;
  const nodes = await store.getNodes(hits.map((h) => h.id));
  const texts = nodes.flatMap((n) => (n.label === "Chunk" ? [n.text] : []));
  const unseen = unseenWords(question, texts);
  const words = unseen.length > 0 ? await englishWords() : new Set<string>();
  // "well-known": a compound of English words is English.
  const names = new Set(unseen.filter((w) => !w.split(/[-.]/).every((part) => isEnglish(part, words))));
  return truecase(question, texts, names);
}
