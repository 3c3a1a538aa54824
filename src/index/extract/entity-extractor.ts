import model from "wink-eng-lite-web-model";
import winkNLP from "wink-nlp";
import type { EntityType } from "../../domain/entity.js";
import { detectLanguage } from "../text/analyzer.js";
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
  if (detectLanguage(text) === "ru") return capitalisedRuns(text);
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

/**
 * For languages the POS model does not cover (Russian): runs of capitalised words that do not
 * merely open a sentence, and acronyms ("ООО", "ЦБ РФ"). Case endings stay as written; the
 * canonical form folds case only.
 */
function capitalisedRuns(text: string): EntityMention[] {
  const found = new Map<string, EntityMention>();
  for (const sentence of text.split(/(?<=[.!?…])\s+|\n+/u)) {
    const tokens = [...sentence.matchAll(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu)].map((m) => m[0]);
    let run: string[] = [];
    const flush = () => {
      // A sentence's first word is capitalised anyway: "Компания Яндекс ..." names "Яндекс".
      const startsSentence = isFirst && run.length === 1;
      if (isFirst && run.length > 1) run = run.slice(1);
      const single = run.length === 1 ? (run[0] ?? "") : "";
      const keep = run.length > 1 || /^\p{Lu}{2,}$/u.test(single) || (single !== "" && !startsSentence);
      const canonical = canonicalName(run.join(" "));
      if (run.length > 0 && keep && canonical.length > 1 && !STOP.has(canonical) && !found.has(canonical)) {
        found.set(canonical, { name: run.join(" "), canonical, type: "NAME" });
      }
      run = [];
    };
    let isFirst = true;
    tokens.forEach((t, i) => {
      if (/^\p{Lu}/u.test(t) && !/^\d/.test(t)) {
        if (run.length === 0) isFirst = i === 0;
        run.push(t);
      } else flush();
    });
    flush();
  }
  return [...found.values()];
}
