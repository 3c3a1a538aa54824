import { type ContextBundle, passagesOf } from "../../src/retrieval/context-bundle.js";
import { answerCandidates } from "../answer/answer-candidates.js";
import { answerFromBundle } from "../answer/answer-from-bundle.js";
import { institutionName } from "../answer/answer-kind.js";
import { expectedAnswer } from "../answer/answer-type.js";
import { PERSON_NAME } from "../answer/candidate-features.js";
import { DEFAULT_READER } from "../answer/compose-answer.js";
import { DEFAULT_EXTRACTIVE } from "../answer/extractive-generator.js";
import { headingName } from "../answer/linked-answer.js";
import { readPersonFact } from "../answer/read-person-fact.js";
import { readerCues } from "../answer/reader-evidence.js";
import { rankCandidates } from "../answer/score-candidates.js";
import { routeQuestion } from "../router/rule-router.js";
import { contentTerms } from "../text.js";
import { countryOfNationality, openingCountry } from "./demonyms.js";
import { followedName } from "./followed-name.js";
import { callsItself, personOnTie } from "./own-passage-checks.js";
import { askedKind, countryOfDemonym, placeSaid, widerAfterName, widerInAddress } from "./place-words.js";

// One hop's answer only: the reader's own bridge-following (answer/compose-bridge.ts) would read
// past it to the question's final answer, which the planned hops fetch themselves.
const ONE_HOP = {
  ...DEFAULT_EXTRACTIVE,
  reader: { ...DEFAULT_READER, minHopScore: Number.POSITIVE_INFINITY },
};

/** Longer than this, a read span is a sentence, not the name of the next hop's subject. */
const MAX_BRIDGE_CHARS = 80;
/** Only the best few candidates are read: further down, a name is more likely a passer-by. */
const TOP_CANDIDATES = 5;

/**
 * The bridge a hop yields: the reader's answer to the hop's sub-question over the hop's own
 * evidence (one hop only); for a kind of place ("Which country …"), first a candidate whose own
 * passage calls it that kind; or else its best span of the expected type scoring as high as the
 * reader asks of an answer. A "who" hop needs a person's name; a place hop ("Where was X born?")
 * a name some passage says as a place ("in X", "born May 6, 1916, X"); a country hop read as a
 * nationality word ("Swedish") takes the country the evidence names ("Sweden"). Null when no
 * candidate fits, or the span only repeats the sub-question's words (it would send the next hop
 * back where it came from). Pure.
 */
export function readBridge(subQuestion: string, bundle: ContextBundle, question = ""): string | null {
  const span = readBridgeSpan(subQuestion, bundle, question);
  // "Which country is X from?" read as "Swedish": the next hop asks about the country itself.
  const read =
    span && askedKind(subQuestion) === "country"
      ? (countryOfDemonym(
          span,
          passagesOf(bundle.evidence).map((e) => `${e.heading_path.join(" ")} ${e.text}`),
        ) ??
        countryOfNationality(span) ??
        span)
      : span;
  return read ? followedName(read, subQuestion) : null;
}

function readBridgeSpan(subQuestion: string, bundle: ContextBundle, question: string): string | null {
  const expected = expectedAnswer(subQuestion);
  const asked = new Set(contentTerms(subQuestion));
  // The whole question's own names are where the chain started ("the state where Hello Love's
  // performer lived"): read again as a bridge, they send the next hop back to the first.
  const said = new Set(contentTerms(question));
  // The name the hop asks about ("Lisbeth Palme" in "Who is Lisbeth Palme's husband?"): a span
  // holding all its words is that person under a fuller name, never their husband or director.
  const subject = nameWords(subQuestion, true);
  const fits = (span: string, named = false) => {
    const own = contentTerms(span);
    if (span.length > MAX_BRIDGE_CHARS || own.length === 0) return false;
    if (own.every((t) => asked.has(t)) || own.every((t) => said.has(t))) return false;
    const words = [...nameWords(span)];
    // Spelling variants count ("Lisbet" for "Lisbeth"): one word a prefix of the other, 5 letters on.
    const same = (a: string, b: string) =>
      a === b || (Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a)));
    if (subject.size >= 2 && [...subject].every((w) => words.some((x) => same(w, x)))) return false;
    return named || expected.type !== "person" || PERSON_NAME.test(span);
  };
  // A kin or maker stated in the subject's own passage ("son of A", "directed by A") is the
  // bridge; it is a name by construction (2Wiki dev short-answer F1, see read-person-fact.ts).
  const fact = readPersonFact(subQuestion, passagesOf(bundle.evidence));
  if (fact && fits(fact.answer, true)) return fact.answer;
  // The reader's own answer; when it is not of the kind asked, its next best candidates (when
  // the reader refuses, so does the hop: guessed bridges send later hops astray).
  const read = answerFromBundle(subQuestion, bundle, routeQuestion(subQuestion), ONE_HOP).final;
  const answer = read.not_found ? undefined : read.short_answer?.trim();
  if (!answer) return null;
  const kind = askedKind(subQuestion);
  const evidence = passagesOf(bundle.evidence);
  // "Where was X born?": a name no passage says as a place (a car in the video) is a passer-by.
  const placeOk = expected.type !== "place" || evidence.some((e) => placeSaid(e.text, answer));
  if (!kind && fits(answer) && expected.type !== "person" && placeOk) return answer;
  // The candidates themselves (the reader above ranked them for its own answer).
  const cues = readerCues(subQuestion, evidence);
  const ranked = rankCandidates(answerCandidates(cues.expected, evidence), cues);
  if (!kind && fits(answer) && placeOk) return personOnTie(answer, ranked, evidence, fits) ?? answer;
  // "Which country …": a village or a road near the answer scores as well as the country does;
  // a candidate whose own passage calls it a country is the one asked for.
  const ofKind =
    kind &&
    ranked
      .slice(0, TOP_CANDIDATES * 2)
      .find((c) => c.span !== null && fits(c.span.trim()) && callsItself(evidence, c.span.trim(), kind));
  if (ofKind?.span) return ofKind.span.trim();
  // "Which country is Elm Vale from?": "Elm Vale is a Soviet and Russian rock band" in its own passage.
  const opening =
    kind === "country" &&
    evidence
      .map((e) => ({ e, name: headingName(e).trim() }))
      .filter(({ name }) => name.length > 2 && subQuestion.includes(name))
      .map(({ e }) => openingCountry(e.text))
      .find((c): c is string => c !== null && fits(c));
  if (opening) return opening;
  // "Which state is Elmton in?": the address written right after the name asked about
  // ("… in Elmton, Colora"), not another address of the same sentence ("in Dorfburg, Westmark").
  const after = kind
    ? cues.names
        .map((n) =>
          widerAfterName(
            evidence.map((e) => e.text),
            n,
            kind,
          ),
        )
        .find((p): p is string => p !== null && fits(p))
    : undefined;
  if (after) return after;
  // "a house in Kirkwood, Missouri": an address names the wider place after the narrower one.
  const wider =
    kind &&
    ranked
      .slice(0, TOP_CANDIDATES * 2)
      .find((c) => c.span !== null && fits(c.span.trim()) && widerInAddress(c.context, c.span.trim(), kind));
  if (wider?.span) return wider.span.trim();
  // "Which city was X born in?" read as the college X went to: an institution is no place of a kind.
  const kindOk = (span: string) => !kind || kind === "nationality" || !institutionName(span);
  if (fits(answer) && placeOk && kindOk(answer)) return answer;
  // Asked for a kind of place, a name never said with a place word ("in", "near") is a passer-by:
  // the album's organist, not the city where its player died.
  const best = ranked
    .slice(0, TOP_CANDIDATES)
    .find(
      (c): c is typeof c & { span: string } =>
        c.span !== null &&
        c.score >= DEFAULT_READER.minScore &&
        fits(c.span.trim()) &&
        kindOk(c.span.trim()) &&
        (!(kind || expected.type === "place") || placeSaid(c.context, c.span.trim())),
    );
  return best?.span.trim() ?? null;
}

/** Lower-cased capitalised words of a text; of a question, its opening word ("Who", "What") aside. */
function nameWords(text: string, question = false): Set<string> {
  const words = [...text.matchAll(/(?<![\p{L}'’])[\p{Lu}][\p{L}'’-]*/gu)].filter(
    (m) => !question || (m.index ?? 0) > 0,
  );
  return new Set(words.map((m) => m[0].replace(/['’]s$/, "").toLowerCase()));
}
