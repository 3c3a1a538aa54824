import { DEMONYM_WORD, type PlaceKind, placeKind } from "../answer/answer-kind.js";
import { escapeRegExp } from "../text.js";

/**
 * How a sentence says a name is a place, and which kind of place a hop asks for: the checks the
 * bridge reader (read-bridge.ts) puts a place bridge through. Pure.
 */

/**
 * The kind of place a hop asks for. The decomposer keeps the question's participle ("Which
 * country containing X?"), which the reader's kind pattern does not take for a verb.
 */
export function askedKind(subQuestion: string): PlaceKind | undefined {
  return placeKind(
    subQuestion.replace(
      /\b(county|city|town|country|state|province)\s+(?=\p{Ll}+ing\s+(?:\p{Lu}|the\b|an?\b))/u,
      "$1 that ",
    ),
  );
}

// Words a place follows: "born in X", "a house near X". saidAsPlace also takes "of" ("north of
// Leeds"); the address rule was measured without it.
const ADDRESS_WORDS = "in|at|near|from|outside|to";

// "located in the city of Elmton, Colora": the kind of the narrower place, said before its name.
const KIND_OF = "(?:the\\s+(?:city|town|village|borough|county|township|municipality)\\s+of\\s+)?";

const PLACE = "\\p{Lu}[\\p{L}.'’-]*(?:\\s+(?:\\p{Lu}[\\p{L}.'’-]*|of|de|du|la|del))*";

/**
 * Whether `span` is the wider part of an address after a place word ("in Town, State[, Country]"):
 * a state the second place, a country the last. A list of names ("starring A, B and C") is no address.
 */
export function widerInAddress(sentence: string, span: string, kind: PlaceKind): boolean {
  if ((kind !== "state" && kind !== "country") || /\band\b/.test(span)) return false;
  const middle = kind === "country" ? `(?:${PLACE},\\s*)?` : "";
  const after = kind === "country" ? "(?!\\s*,\\s*\\p{Lu})" : "";
  // "in A and B, Country": two places side by side before the wider one.
  const address = `\\b(?:${ADDRESS_WORDS})\\s+${KIND_OF}${PLACE}(?:\\s+and\\s+${PLACE})?,\\s*${middle}${escapeRegExp(span)}(?![\\p{L}])${after}`;
  return new RegExp(address, "u").test(sentence);
}

/**
 * The wider place an address gives right after `name`, said as a place ("died in Elmton, Colora" →
 * Colora for a state; for a country the last of up to three: "born in Kista, Stockholm, Norland" →
 * Norland). The place asked of a name is the one written after it, not another address in the
 * same sentence. Only up to the sentence's end; a list without a place word ("Alpha, Beta, Gamma")
 * is no address. Null when no text writes the name so.
 */
export function widerAfterName(texts: readonly string[], name: string, kind: PlaceKind): string | null {
  if ((kind !== "state" && kind !== "country") || name.trim().length < 3) return null;
  const mention = new RegExp(
    `\\b(?:${ADDRESS_WORDS})\\s+(?:the\\s+)?${escapeRegExp(name.trim())}(?=,)`,
    "giu",
  );
  // Case-sensitive from the comma on: the places after the name are capitalised.
  const chain = new RegExp(`^,((?:\\s*${PLACE}(?:,|(?![\\p{L}]))){1,${kind === "country" ? 3 : 1}})`, "u");
  for (const text of texts) {
    for (const m of text.matchAll(mention)) {
      // The rest of the sentence only: "… in Lund, Skania. Later, Bo Renn …" ends at "Skania".
      const rest = text.slice((m.index ?? 0) + m[0].length).split(/[.;!?](?:\s|$)/)[0] ?? "";
      const places = chain
        .exec(rest)?.[1]
        ?.split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const wider = kind === "country" ? places?.at(-1) : places?.[0];
      if (wider) return wider;
    }
  }
  return null;
}

const PLACE_WORD = `\\b(?:${ADDRESS_WORDS}|of)\\s+(?:the\\s+)?`;

/** Whether the sentence puts `span` after a place word: "died in Washington", "north of Leeds". */
export function saidAsPlace(sentence: string, span: string): boolean {
  return new RegExp(`${PLACE_WORD}${escapeRegExp(span)}(?![\\p{L}])`, "u").test(sentence);
}

/**
 * Whether the sentence gives `span` as a birthplace right after a year: "(born May 6, 1916, Leeds,
 * …)", "Born Jan. 6, 1916, Leeds". A name after "born to A, B" follows no year: a parent, no place.
 */
export function bornAt(sentence: string, span: string): boolean {
  return new RegExp(`\\b[Bb]orn\\b[^;()]{0,40}?\\b\\d{3,4},\\s*${escapeRegExp(span)}(?![\\p{L}])`, "u").test(
    sentence,
  );
}

/** Either way of saying a name is a place. */
export const placeSaid = (sentence: string, span: string): boolean =>
  saidAsPlace(sentence, span) || bornAt(sentence, span);

/**
 * The country a nationality word stands for, as the texts name it: the place most often written
 * there sharing the word's first four letters or more ("Swedish" → "Sweden", "Belgian" → "Belgium").
 * Only a word said as a place counts ("in Sweden", or last in an address: "born in Kista, Stockholm,
 * Sweden"; not "a Swede"); a span said as a place itself
 * ("in Uzbekistan") is a country already. Ties go to the longer word. Null when none is written.
 */
export function countryOfDemonym(demonym: string, texts: readonly string[]): string | null {
  if (!DEMONYM_WORD.test(demonym) || texts.some((t) => saidAsPlace(t, demonym))) return null;
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const [word] of text.matchAll(/(?<![\p{L}])\p{Lu}\p{Ll}{3,}(?![\p{L}])/gu)) {
      const shared = [...word].findIndex((ch, i) => ch !== demonym[i]);
      if (word === demonym || DEMONYM_WORD.test(word)) continue;
      if (
        (shared < 0 ? word.length : shared) >= 4 &&
        (saidAsPlace(text, word) || widerInAddress(text, word, "country"))
      )
        counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  const best = [...counts].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)[0];
  return best?.[0] ?? null;
}
