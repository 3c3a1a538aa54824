import type { RetrievalFilter } from "../../src/domain/retrieval-filter.js";
import { casingOf, truecase, unseenWords, wordsOf } from "../../src/domain/text/truecase.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { englishWords, isEnglish } from "./english-words.js";
import { wordSearchChunks } from "./word-search-chunks.js";

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
  if (casing === "opened") return casedOpened(question, store, filter);
  const texts = await sampleTexts(store, question, filter);
  if (texts.length === 0) return question;
  const unseen = unseenWords(question, texts);
  const names = unseen.length > 0 ? await unknownWords(unseen) : [];
  return truecase(question, texts, new Set(names));
}

/**
 * Opened with a capital: the user cased with some care, so only a one-word name no dictionary
 * knows is theirs to have skipped ("uber", not "collection").
 */
async function casedOpened(question: string, store: GraphStore, filter?: RetrievalFilter): Promise<string> {
  const only = new Set(await unknownWords(wordsOf(question.toLowerCase())));
  const options = { singleWords: true, only };
  // Nothing in it to case, and nothing the sentence rules change: no passage need be read.
  if (only.size === 0 && truecase(question, [], new Set(), options) === question) return question;
  const texts = await sampleTexts(store, question, filter);
  if (texts.length === 0) return question;
  return truecase(question, texts, new Set(unseenWords(question, texts).filter((w) => only.has(w))), options);
}

const sampleTexts = async (store: GraphStore, question: string, filter?: RetrievalFilter) =>
  (await wordSearchChunks(store, question, SAMPLE, filter)).map((c) => c.text);

/** The words no dictionary knows ("well-known": a compound of English words is English). */
async function unknownWords(words: readonly string[]): Promise<string[]> {
  const known = await englishWords();
  return words.filter((w) => !w.split(/[-.]/).every((part) => isEnglish(part, known)));
}
