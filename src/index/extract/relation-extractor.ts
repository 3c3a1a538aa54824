import { boundedMemo } from "./bounded-memo.js";
import type { AnalysedText, EntityMention } from "./entity-extractor.js";
import { type FactDates, factDates } from "./fact-dates.js";
import type { RelationTriple } from "./relation-output.js";
import { englishRelations } from "./relation-patterns.js";
import { russianRelations } from "./russian-relations.js";

const MAX_EVIDENCE = 400;

/**
 * Rule-based facts of an analysed passage: the sentence patterns of its language, each fact
 * with its sentence as evidence; a verb fact takes the dates of its sentence (valid_from /
 * valid_to), "born"/"died" those of their date, aliases and noun relations are timeless. `topic` (the passage's title entity) stands in for "He"/"She". Pure.
 */
export function extractRelations(text: AnalysedText, topic?: EntityMention): RelationTriple[] {
  const out = new Map<string, RelationTriple>();
  for (const sentence of text.sentences) {
    const found =
      text.language === "ru" ? russianRelations(sentence, topic) : englishRelations(sentence, topic);
    if (found.length === 0) continue;
    const evidence = sentence.text.trim().slice(0, MAX_EVIDENCE);
    // Read once per sentence, and only when a verb fact takes them.
    let dates: FactDates | undefined;
    const verbDates = () => {
      dates ??= factDates(sentence.text, text.language);
      return dates;
    };
    for (const t of found) {
      if (t.subject.canonical === t.object.canonical) continue;
      const key = `${t.subject.canonical}\u0000${t.predicate}\u0000${t.object.canonical}`;
      if (out.has(key)) continue;
      const { kind, ...triple } = t;
      const dated = kind === "verb" ? verbDates() : kind === "date" ? objectDates(t.predicate, t.object) : {};
      out.set(key, { ...triple, evidence, ...dated });
    }
  }
  return [...out.values()];
}

// The same dates recur ("born 1950"): chrono reads each phrase once (bounded).
const phraseDates = boundedMemo(50_000, (phrase) => factDates(phrase, "en"));

/** "born" / "died" facts are dated by their DATE object: born starts, died ends. */
function objectDates(predicate: string, object: EntityMention): FactDates {
  const own = phraseDates(`${predicate} ${object.name}`);
  const date = own.valid_from ?? own.valid_to;
  if (!date) return {};
  return predicate === "born" ? { valid_from: date } : { valid_to: date };
}
