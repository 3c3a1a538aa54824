import { contentTerms } from "../text.js";

/**
 * The reader's terms: content stems with a role and its act, or an event and its verb, made one
 * ("director" / "directed", "birth" / "born", "wrote" / "writer"), so a question asking for "the
 * director of X" meets a passage saying "X … directed by Y". General English morphology (the
 * stemmer leaves these apart), not any document's vocabulary. Pure.
 */
// A Map, not an object literal: "constructor" is a word too, and no prototype key may answer it.
const SAME: ReadonlyMap<string, string> = new Map(
  (
    "direct director|creat creator|invent inventor|edit editor|found founder|writ writer wrote written|" +
    "paint painter|sing singer sang sung|lead leader led|teach teacher taught|" +
    "build builder built|rule ruler|own owner ownership|birth born|death die|marri marriag husband wife spous|" +
    "kin father mother parent son daughter child children"
  )
    .split("|")
    .flatMap((group) => {
      const [canonical = "", ...forms] = group.split(" ");
      return forms.map((f) => [f, canonical] as const);
    }),
);

/**
 * Derivational endings the stemmer leaves apart, undone on its stems: an agent noun and its verb
 * ("collector" / "collect"), a noun in -ion and its verb ("conversion" → "convers" / "convert",
 * "introduction" → "introduct" / "introduce" → "introduc", "acquisition" → "acquisit" / "acquir").
 * Applied to every stem alike, so both sides of a comparison meet; only on stems long enough that
 * the rest still says the word.
 */
const DERIVATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(\p{L}{4,}[ts])or$/u, "$1"],
  [/^(\p{L}{4,})ct$/u, "$1c"],
  [/^(\p{L}{4,}r)s$/u, "$1t"],
  [/^(\p{L}{3,})isit$/u, "$1ir"],
];

const derived = (stem: string): string => DERIVATIONS.reduce((s, [re, to]) => s.replace(re, to), stem);

export const readerStem = (stem: string): string => derived(SAME.get(stem) ?? stem);

/** `contentTerms` with each stem in its canonical form. */
export function readerTerms(text: string): string[] {
  return contentTerms(text).map(readerStem);
}
