import type { EntityMention, TaggedSentence, Token } from "./entity-extractor.js";
import { acronymAliases } from "./parenthetical-patterns.js";
import { type PatternTriple, withTopic } from "./relation-patterns.js";

/** Past-tense, present and participle endings that mark a Russian word as a verb form. */
const VERB_ENDING =
  /(?:ал|ала|али|ало|ял|яла|яли|ил|ила|или|ило|ел|ела|ели|ыл|ыла|ыли|ет|ит|ут|ют|ат|ят|ется|ится|ются|ятся|ался|алась|ались|ился|илась|ились|ен|ена|ан|ана|ован|ована|лся|лась)$/u;
const MAX_BETWEEN = 5;

/**
 * Facts in a Russian sentence without a tagger: "X купила Y" (lower-case words between two
 * names, one of them a verb form), "X — столица Y" (dash copula), "X, генеральный директор Y"
 * (apposition), and acronym aliases. An opening "Он"/"Она" speaks of `topic`. Pure.
 */
export function russianRelations(s: TaggedSentence, topic?: EntityMention): PatternTriple[] {
  const spans = withTopic(s, topic);
  const out: PatternTriple[] = acronymAliases(s);
  spans.forEach((a, i) => {
    const b = spans[i + 1];
    if (!b) return;
    const between = s.tokens.slice(a.end, b.start);
    const [first, ...rest] = between;
    if (!first || between.length > MAX_BETWEEN) return;
    if ((first.text === "—" || first.text === "-" || first.text === ",") && lowerWords(rest)) {
      const predicate = rest.map((t) => t.lemma).join(" ");
      const confidence = first.text === "," ? 0.5 : 0.6;
      out.push({ subject: a.mention, predicate, object: b.mention, confidence, kind: "noun" });
    } else if (lowerWords(between) && between.some((t) => VERB_ENDING.test(t.lemma))) {
      out.push({
        subject: a.mention,
        predicate: between.map((t) => t.lemma).join(" "),
        object: b.mention,
        confidence: 0.5,
        kind: "verb",
      });
    }
  });
  return out;
}

const lowerWords = (tokens: readonly Token[]) =>
  tokens.length > 0 && tokens.every((t) => t.pos !== "PUNCT" && /^\p{Ll}/u.test(t.text));
