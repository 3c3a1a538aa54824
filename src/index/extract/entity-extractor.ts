import model from "wink-eng-lite-web-model";
import winkNLP, { type ItemSentence } from "wink-nlp";
import type { EntityType } from "../../domain/entity.js";
import { detectLanguage, type Language } from "../../domain/text/analyzer.js";
import { canonicalName } from "./canonical.js";

export interface EntityMention {
  name: string;
  canonical: string;
  type: EntityType;
}

/** A word with its part of speech (Universal POS; "" where no tagger covers the language). */
export interface Token {
  text: string;
  pos: string;
  /** Lemma (English) or the lower-case word. */
  lemma: string;
}

/** Where a mention sits in its sentence: tokens [start, end). */
export interface MentionSpan {
  start: number;
  end: number;
  mention: EntityMention;
}

export interface TaggedSentence {
  text: string;
  tokens: Token[];
  spans: MentionSpan[];
}

/** One pass over a text: its mentions (one per canonical name) and sentences with their spans. */
export interface AnalysedText {
  language: Language;
  mentions: EntityMention[];
  sentences: TaggedSentence[];
}

const nlp = winkNLP(model, ["sbd", "pos", "ner"]);
const CYRILLIC = /\p{Script=Cyrillic}/u;
const its = nlp.its;
// wink's typings give its.lemma an addon-taking signature `out()` rejects; at run time it is an its function like pos.
const LEMMA = its.lemma as unknown as typeof its.pos;

/** Lower-case words allowed inside a name: "Ermengarde of Tours", "Charles de Gaulle". */
const CONNECTORS = new Set(["of", "de", "del", "della", "da", "di", "du", "von", "van", "der", "la", "le"]);
/** Capitalised words that start sentences or label things but name nothing by themselves. */
const STOP = new Set([
  ...["the", "a", "an", "this", "that", "these", "those", "it", "he", "she", "they", "we", "i", "in", "on"],
  ...["see", "note", "table", "figure", "section", "item", "page", "part"],
  ...["january", "february", "march", "april", "may", "june", "july", "august", "september", "october"],
  ...["november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
]);

/**
 * Names in a text without an LLM: maximal runs of proper nouns (POS PROPN, or capitalised
 * words inside a run), joined by connectors, plus dates. Language-model free and fast (~0.5 ms
 * a passage); an LLM extractor can replace it when configured.
 */
export function extractEntities(text: string): EntityMention[] {
  return analyseText(text).mentions;
}

/** Mentions plus tagged sentences (what the relation patterns read), in one pass. */
export function analyseText(text: string): AnalysedText {
  // No Cyrillic letter at all is English for detectLanguage too, without its two letter counts.
  const language = CYRILLIC.test(text) ? detectLanguage(text) : "en";
  const found = new Map<string, EntityMention>();
  const add = (name: string, type: EntityType): EntityMention | undefined => {
    const canonical = canonicalName(name);
    if (canonical.length < 2 || STOP.has(canonical) || /^\d+$/.test(canonical)) return undefined;
    const known = found.get(canonical);
    if (known) return known;
    const mention = { name, canonical, type };
    found.set(canonical, mention);
    return mention;
  };
  const sentences = language === "ru" ? capitalisedRuns(text, add) : properNounRuns(text, add);
  return { language, mentions: [...found.values()], sentences };
}

type Add = (name: string, type: EntityType) => EntityMention | undefined;

function properNounRuns(text: string, add: Add): TaggedSentence[] {
  const doc = nlp.readDoc(text);
  const sentences: TaggedSentence[] = [];
  const spanAt = new Map<number, TaggedSentence>();
  let offset = 0;
  doc.sentences().each((s: ItemSentence) => {
    const words: string[] = s.tokens().out();
    const pos: string[] = s.tokens().out(its.pos);
    const lemmas: string[] = s.tokens().out(LEMMA);
    const sentence: TaggedSentence = {
      text: s.out(),
      tokens: words.map((w, i) => ({ text: w, pos: pos[i] ?? "", lemma: lemmas[i] ?? w.toLowerCase() })),
      spans: [],
    };
    for (let i = 0; i < words.length; i++) spanAt.set(offset + i, sentence);
    offset += words.length;
    sentences.push(sentence);
    let run: number[] = [];
    const flush = () => {
      while (run.length > 0 && CONNECTORS.has(words[run[run.length - 1] ?? 0] ?? "")) run.pop();
      const first = run[0];
      const last = run[run.length - 1];
      if (first !== undefined && last !== undefined) {
        const name = run
          .map((i) => words[i])
          .join(" ")
          .replace(/ ([,.'’])/g, "$1");
        const mention = add(name, "NAME");
        if (mention) sentence.spans.push({ start: first, end: last + 1, mention });
      }
      run = [];
    };
    for (let i = 0; i < words.length; i++) {
      const w = words[i] ?? "";
      const p = pos[i] ?? "";
      const capitalised = /^\p{Lu}/u.test(w) && p !== "PUNCT";
      // The lite tagger misreads the first word of some names ("Northwest/ADV Airlines/PROPN"):
      // a capitalised word inside a sentence that runs into a proper noun starts the name.
      const opensName = capitalised && i > 0 && pos[i + 1] === "PROPN" && !STOP.has(w.toLowerCase());
      if (p === "PROPN" || opensName || (run.length > 0 && capitalised)) run.push(i);
      else if (run.length > 0 && CONNECTORS.has(w) && /^\p{Lu}/u.test(words[i + 1] ?? "")) run.push(i);
      else flush();
    }
    flush();
  });
  const entities = doc.entities();
  const details = entities.out(its.detail) as Array<{ value: string; type: string }>;
  const spans = entities.out(its.span) as Array<[number, number]>;
  details.forEach((e, k) => {
    if (e.type !== "DATE" || !/\d/.test(e.value)) return;
    const mention = add(e.value, "DATE");
    const [from, to] = spans[k] ?? [-1, -1];
    const sentence = spanAt.get(from);
    if (!mention || !sentence) return;
    const base = sentenceStart(sentences, sentence);
    const span = { start: from - base, end: to - base + 1, mention };
    // A date inside a name run ("20 March" in no run, "Tours" in one) never overlaps: keep both apart.
    if (!sentence.spans.some((x) => x.start < span.end && span.start < x.end)) sentence.spans.push(span);
  });
  for (const s of sentences) s.spans.sort((a, b) => a.start - b.start);
  return sentences;
}

function sentenceStart(sentences: readonly TaggedSentence[], target: TaggedSentence): number {
  let base = 0;
  for (const s of sentences) {
    if (s === target) return base;
    base += s.tokens.length;
  }
  return base;
}

/**
 * For languages the POS model does not cover (Russian): runs of capitalised words that do not
 * merely open a sentence, and acronyms ("ООО", "ЦБ РФ"). Case endings stay as written; the
 * canonical form folds case only.
 */
function capitalisedRuns(text: string, add: Add): TaggedSentence[] {
  const sentences: TaggedSentence[] = [];
  for (const raw of text.split(/(?<=[.!?…])\s+|\n+/u)) {
    const words = [...raw.matchAll(/[\p{L}\p{N}][\p{L}\p{N}-]*|[^\s\p{L}\p{N}]/gu)].map((m) => m[0]);
    if (words.length === 0) continue;
    const isWord = (w: string) => /^[\p{L}\p{N}]/u.test(w);
    const sentence: TaggedSentence = {
      text: raw,
      tokens: words.map((w) => ({ text: w, pos: isWord(w) ? "" : "PUNCT", lemma: w.toLowerCase() })),
      spans: [],
    };
    sentences.push(sentence);
    const firstWord = words.findIndex(isWord);
    let run: number[] = [];
    const flush = () => {
      // A sentence's first word is capitalised anyway: "Компания Яндекс ..." names "Яндекс".
      const opens = run[0] === firstWord;
      const startsSentence = opens && run.length === 1;
      if (opens && run.length > 1) run = run.slice(1);
      const single = run.length === 1 ? (words[run[0] ?? 0] ?? "") : "";
      const keep = run.length > 1 || /^\p{Lu}{2,}$/u.test(single) || (single !== "" && !startsSentence);
      const first = run[0];
      const last = run[run.length - 1];
      if (keep && first !== undefined && last !== undefined) {
        const mention = add(run.map((i) => words[i]).join(" "), "NAME");
        if (mention) sentence.spans.push({ start: first, end: last + 1, mention });
      }
      run = [];
    };
    words.forEach((w, i) => {
      if (/^\p{Lu}/u.test(w)) run.push(i);
      else flush();
    });
    flush();
  }
  return sentences;
}
