import model from "wink-eng-lite-web-model";
import winkNLP from "wink-nlp";
import type { EntityType } from "../../domain/entity.js";
import { canonicalName } from "./canonical.js";

export interface EntityMention {
  name: string;
  canonical: string;
  type: EntityType;
}

const nlp = winkNLP(model);
const its = nlp.its;

/** Lower-case words allowed inside a name: "Ermengarde of Tours", "Charles de Gaulle". */
const CONNECTORS = new Set(["of", "de", "del", "della", "da", "di", "du", "von", "van", "der", "la", "le"]);
/** Capitalised words that start sentences or label things but name nothing by themselves. */
const STOP = new Set([
  ...[
    "the",
    "a",
    "an",
    "this",
    "that",
    "these",
    "those",
    "it",
    "he",
    "she",
    "they",
    "we",
    "i",
    "in",
    "on",
    "see",
  ],
  ...["note", "table", "figure", "section", "item", "page", "part"],
  ...["january", "february", "march", "april", "may", "june", "july", "august", "september", "october"],
  ...["november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
]);

/**
 * Names in a text without an LLM: maximal runs of proper nouns (POS PROPN, or capitalised
 * words inside a run), joined by connectors, plus dates. Language-model free and fast (~0.5 ms
 * a passage); an LLM extractor can replace it when configured.
 */
export function extractEntities(text: string): EntityMention[] {
  const doc = nlp.readDoc(text);
  const words = doc.tokens().out();
  const pos = doc.tokens().out(its.pos);
  const found = new Map<string, EntityMention>();
  const add = (name: string, type: EntityType) => {
    const canonical = canonicalName(name);
    if (canonical.length < 2 || STOP.has(canonical) || /^\d+$/.test(canonical)) return;
    if (!found.has(canonical)) found.set(canonical, { name, canonical, type });
  };
  let run: string[] = [];
  const flush = () => {
    while (run.length > 0 && CONNECTORS.has(run[run.length - 1] ?? "")) run.pop();
    if (run.length > 0) add(run.join(" ").replace(/ ([,.'’])/g, "$1"), "NAME");
    run = [];
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? "";
    const p = pos[i] ?? "";
    const capitalised = /^\p{Lu}/u.test(w);
    if (p === "PROPN" || (run.length > 0 && capitalised && p !== "PUNCT")) run.push(w);
    else if (run.length > 0 && CONNECTORS.has(w) && /^\p{Lu}/u.test(words[i + 1] ?? "")) run.push(w);
    else flush();
  }
  flush();
  for (const e of doc.entities().out(its.detail) as Array<{ value: string; type: string }>) {
    if (e.type === "DATE" && /\d/.test(e.value)) add(e.value, "DATE");
  }
  return [...found.values()];
}
