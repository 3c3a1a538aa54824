import { isCaseless, truecase, unseenWords } from "../../src/domain/text/truecase.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { isEnglishWord } from "./english-words.js";

/** How many passages (BM25, which ignores case) a lower-case question's capitals are read from. */
const SAMPLE = 30;

/**
 * The question with the capitals the store's passages give its words ("uber goodwill 2021" →
 * "Uber goodwill 2021"), or the question itself when it was typed with capitals: names are read
 * from capitals all through the answer path (src/domain/text/truecase.ts). A word no passage of the
 * store uses and no dictionary knows ("neo4j") is taken for a name too, as the user would have
 * written it: the documents not naming it is what makes a question unanswerable.
 */
export async function casedQuestion(question: string, store: GraphStore): Promise<string> {
  if (!isCaseless(question)) return question;
  const hits = await store.searchText(question, { k: SAMPLE });
  if (hits.length === 0) return question;
  const nodes = await store.getNodes(hits.map((h) => h.id));
  const texts = nodes.flatMap((n) => (n.label === "Chunk" ? [n.text] : []));
  const names = new Set<string>();
  // "well-known": a compound of English words is English.
  for (const word of unseenWords(question, texts))
    if (!word.split(/[-.]/).every(isEnglishWord) && (await store.searchText(word, { k: 1 })).length === 0)
      names.add(word);
  return truecase(question, texts, names);
}
