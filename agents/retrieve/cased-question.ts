import type { RetrievalFilter } from "../../src/domain/retrieval-filter.js";
import { casingOf, truecase, unseenWords } from "../../src/domain/text/truecase.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { englishWords, isEnglish } from "./english-words.js";

/** How many passages (BM25, which ignores case) a lower-case question's capitals are read from. */
const SAMPLE = 30;

/**
 * The question with the capitals the store's passages give its words ("uber goodwill 2021" →
 * "Uber goodwill 2021"; "What is uber's revenue?", typed on a phone, only in its one-word names),
 * or the question itself when a name in it was typed with capitals: names are read
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
  const casing = casingOf(question);
  if (casing === "cased") return question;
  const hits = await store.searchText(question, { k: SAMPLE, ...(filter ? { filter } : {}) });
  if (hits.length === 0) return question;
  const nodes = await store.getNodes(hits.map((h) => h.id));
  const texts = nodes.flatMap((n) => (n.label === "Chunk" ? [n.text] : []));
  const unseen = unseenWords(question, texts);
  const opened = casing === "opened";
  const words = unseen.length > 0 || opened ? await englishWords() : new Set<string>();
  // "well-known": a compound of English words is English.
  const english = (w: string) => w.split(/[-.]/).every((part) => isEnglish(part, words));
  const names = new Set(unseen.filter((w) => !english(w)));
  if (!opened) return truecase(question, texts, names);
  // Opened with a capital: the user cased with some care, so only a one-word name no dictionary
  // knows is theirs to have skipped ("uber", not "collection").
  const unknown = new Set(
    (question.toLowerCase().match(/[\p{L}\p{N}_]+(?:[-.][\p{L}\p{N}_]+)*/gu) ?? []).filter(
      (w) => !english(w),
    ),
  );
  return truecase(question, texts, names, { singleWords: true, only: unknown });
}
