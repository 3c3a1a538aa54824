import { canonicalName } from "./canonical.js";
import type { EntityMention, MentionSpan, TaggedSentence, Token } from "./entity-extractor.js";
import { acronymAliases, parentheticals } from "./parenthetical-patterns.js";

/** A fact as a pattern reads it, before dates and evidence are attached. */
export interface PatternTriple {
  subject: EntityMention;
  predicate: string;
  object: EntityMention;
  confidence: number;
  /** "verb" facts take their sentence's dates; "date" ones their object; the rest are timeless. */
  kind: "verb" | "noun" | "alias" | "date" | "class";
}

/** Parts of speech a verb phrase between two names may contain ("was later acquired by"). */
const VERB_PHRASE = new Set(["VERB", "AUX", "ADV", "ADP", "PART", "DET", "ADJ", "NOUN", "NUM", "PROPN"]);
/** Kept from a verb phrase, lemmatised for verbs: "was directed by" → "direct by". */
const KEPT = new Set(["VERB", "ADP", "PART", "NOUN"]);
/** Lemmas that lose the meaning ("born" → "bear"). */
const SURFACE = new Set(["born", "based", "located", "named", "known"]);
const RELATIONAL_ADP = new Set(["of", "to", "for", "at", "in", "with", "from", "on", "by"]);
const PRONOUNS = new Set(["he", "she", "он", "она"]);

const MAX_BETWEEN = 8;

/**
 * Subject–predicate–object facts in one tagged English sentence, between the names it mentions:
 * "X verb-phrase Y", appositions "X, the director of Y", relational copulas "X is the daughter
 * of Y", "X (born 1950)", "Long Form (LF)" aliases, and "X is a Y" (Y a CONCEPT). A sentence
 * opening with "He"/"She" speaks of `topic` (the passage's title). Pure.
 */
export function englishRelations(s: TaggedSentence, topic?: EntityMention): PatternTriple[] {
  const spans = withTopic(s, topic);
  const out: PatternTriple[] = [...acronymAliases(s), ...parentheticals(s, spans)];
  let carried: EntityMention | undefined;
  spans.forEach((a, i) => {
    if (a.mention.type === "DATE" || isModifier(s, a)) return;
    const b = spans.slice(i + 1).find((x) => x.mention.type !== "DATE" && !isModifier(s, x));
    if (!b) return;
    const between = skipParenthetical(s.tokens.slice(a.end, b.start));
    const closes = isClauseEnd(s.tokens[b.end]);
    const apposition = appositionPredicate(between);
    if (apposition && closes) {
      out.push({
        subject: a.mention,
        predicate: apposition,
        object: b.mention,
        confidence: 0.7,
        kind: "noun",
      });
      carried = a.mention;
      return;
    }
    const relational = copulaPredicate(between);
    if (relational) {
      out.push({
        subject: a.mention,
        predicate: relational,
        object: b.mention,
        confidence: 0.7,
        kind: "noun",
      });
      return;
    }
    // "X, the director of Y, directed Z": the clause after an apposition is X's again.
    const subject = between[0]?.text === "," && carried ? carried : a.mention;
    const verb = verbPredicate(subject === a.mention ? between : between.slice(1));
    const confidence = subject === topic && s.tokens[0] && a.start === 0 && a.end === 1 ? 0.4 : 0.6;
    if (verb) out.push({ subject, predicate: verb, object: b.mention, confidence, kind: "verb" });
    carried = undefined;
  });
  const concept = copulaConcept(s, spans);
  if (concept) out.push(concept);
  return out;
}

/** The sentence's spans, plus the topic standing in for an opening "He"/"She". */
export function withTopic(s: TaggedSentence, topic: EntityMention | undefined): MentionSpan[] {
  const first = s.tokens[0];
  if (!topic || !first) return s.spans;
  if (PRONOUNS.has(first.text.toLowerCase()) && s.spans[0]?.start !== 0) {
    return [{ start: 0, end: 1, mention: topic }, ...s.spans];
  }
  // A sentence opening with the title ("Dance with the Devil is a 2003 film ...") names it.
  const size = topic.canonical.split(" ").length;
  for (let end = 1; end <= Math.min(s.tokens.length, size + 3); end++) {
    const words = s.tokens.slice(0, end).map((t) => t.text);
    if (canonicalName(words.join(" ")) !== topic.canonical) continue;
    return [{ start: 0, end, mention: topic }, ...s.spans.filter((x) => x.start >= end)];
  }
  return s.spans;
}

/** "American" in "American drama film" qualifies a noun: it is neither subject nor object. */
const isModifier = (s: TaggedSentence, span: MentionSpan) => {
  const next = s.tokens[span.end];
  if (next?.text === "-") return true;
  // "Atlanta hosts/NOUN Delta": a word between two names is their link, not a modified noun.
  const linking = s.spans.some((x) => x.start === span.end + 1);
  return (next?.pos === "NOUN" || next?.pos === "ADJ") && !linking;
};

/** "X (d. 851) was the daughter of Y": what a parenthesis right after X says is not the link. */
function skipParenthetical(between: readonly Token[]): readonly Token[] {
  if (between[0]?.text !== "(") return between;
  const close = between.findIndex((t) => t.text === ")");
  return close < 0 ? between : between.slice(close + 1);
}

const isClauseEnd = (t: Token | undefined) => !t || t.pos === "PUNCT" || t.pos === "CCONJ";

/** ", the director of" → "director of". */
function appositionPredicate(between: readonly Token[]): string | undefined {
  if (between[0]?.text !== ",") return undefined;
  return nounOfPhrase(between.slice(1));
}

/** "is the daughter of" → "daughter of" (a relational noun after a copula). */
function copulaPredicate(between: readonly Token[]): string | undefined {
  const [first, ...rest] = between;
  if (first?.lemma !== "be") return undefined;
  return nounOfPhrase(rest);
}

/** DET? ADJ* NOUN+ ADP → "NOUN+ ADP". */
function nounOfPhrase(tokens: readonly Token[]): string | undefined {
  let i = tokens[0]?.pos === "DET" ? 1 : 0;
  while (tokens[i]?.pos === "ADJ") i++;
  const nouns: string[] = [];
  while (tokens[i]?.pos === "NOUN") nouns.push(tokens[i++]?.text.toLowerCase() ?? "");
  const adp = tokens[i];
  if (nouns.length === 0 || !adp || adp.pos !== "ADP" || i !== tokens.length - 1) return undefined;
  if (!RELATIONAL_ADP.has(adp.lemma)) return undefined;
  return [...nouns, adp.text.toLowerCase()].join(" ");
}

/** A verb phrase between two names, from its first verb: "was later acquired by" → "acquire by". */
function verbPredicate(between: readonly Token[]): string | undefined {
  if (between.length === 0 || between.length > MAX_BETWEEN) return undefined;
  if (!between.every((t) => VERB_PHRASE.has(t.pos) || t.text === "-")) return undefined;
  const start = between.findIndex((t) => t.pos === "VERB");
  // The lite tagger reads a lone verb between two names as a noun or adjective ("Atlanta
  // hosts/NOUN Delta", "The FAA certified/ADJ Delta"): an inflected word alone there is the verb.
  const core = between.filter((t) => t.pos !== "ADV");
  const lone = core[0];
  if (
    start < 0 &&
    core.length === 1 &&
    lone &&
    /^(NOUN|ADJ)$/.test(lone.pos) &&
    /^\p{Ll}+(?:ed|s)$/u.test(lone.text)
  ) {
    return lone.pos === "NOUN" ? lone.lemma : lone.text;
  }
  const words = between
    .slice(Math.max(0, start))
    .filter((t) => KEPT.has(t.pos) || (start < 0 && t.pos === "AUX" && t.lemma !== "be"))
    .map((t) => (t.pos === "VERB" && !SURFACE.has(t.text.toLowerCase()) ? t.lemma : t.text.toLowerCase()));
  if (start < 0 && !between.some((t) => t.pos === "AUX" && t.lemma !== "be")) return undefined;
  return words.length > 0 ? words.join(" ") : undefined;
}

/** "X is a Trinidadian rapper" → X –is a→ CONCEPT "rapper" (the sentence's subject only). */
function copulaConcept(s: TaggedSentence, spans: readonly MentionSpan[]): PatternTriple | undefined {
  const a = spans[0];
  if (!a || a.mention.type === "DATE" || (a.start > 0 && s.tokens[0]?.pos !== "DET") || a.start > 1) {
    return undefined;
  }
  let i = a.end;
  if (s.tokens[i]?.text === "(") i = s.tokens.findIndex((t, k) => k > a.end && t.text === ")") + 1;
  if (i <= 0 || s.tokens[i]?.lemma !== "be") return undefined;
  i++;
  if (s.tokens[i]?.pos !== "DET") return undefined;
  i++;
  const words: Token[] = [];
  for (; i < s.tokens.length; i++) {
    const t = s.tokens[i];
    const named = spans.find((x) => x.start === i);
    const word = t && (["ADJ", "NOUN", "NUM", "PROPN", "VERB"].includes(t.pos) || t.text === "-");
    if (!word || (named && named.mention.type !== "DATE" && !isModifier(s, named))) break;
    words.push(t);
  }
  const next = s.tokens[i];
  // "is a member of Y" is relational, not a class.
  if (next?.pos === "ADP" && next.lemma === "of") return undefined;
  const head: string[] = [];
  // The last run of nouns is the class ("a 2003 American drama film directed by ..." → "drama film").
  const last = words.findLastIndex((w) => w.pos === "NOUN");
  for (let k = last; k >= 0 && words[k]?.pos === "NOUN"; k--) head.unshift(words[k]?.text ?? "");
  const name = head.join(" ").toLowerCase();
  const canonical = canonicalName(name);
  if (canonical.length < 3) return undefined;
  const object: EntityMention = { name, canonical, type: "CONCEPT" };
  return { subject: a.mention, predicate: "is a", object, confidence: 0.6, kind: "class" };
}
