import { isPastForm } from "./verb-forms.js";

/**
 * Where a relative clause ends inside a question. "When did the state where P is located become
 * part of …?": the clause "where P is located" has its own verb group ("is located", "died", "was
 * born", "is a citizen", "recruited David Beckham"); what follows it is the outer question's
 * predicate ("become part of …"), not the clause's. Returns the clause cut after its verb group
 * and object, or the whole clause when no verb group is found (a bare verb such as "occur" is
 * not told apart from a noun). Pure.
 */
const BE = /^(?:is|was|are|were|be|been)$/i;
const DETERMINER = /^(?:a|an|the|his|her|its|their)$/i;
const PREPOSITION = /^(?:in|at|on|from|of|by|into|near|for|to)$/i;
const CAPITAL = /^["“\p{Lu}\d]/u;
const AUX =
  /^(?:can|could|will|would|shall|should|may|might|must|has|have|had|do|does|did|is|was|are|were)$/i;
const SUBJECT_PRONOUN = "he|she|it|they";
/** "when he died", "while she lived there": the clause's subject again, by its pronoun, and a past verb. */
const TIME_CLAUSE = new RegExp(
  `^(?:when|while|after|before|until)\\s+(?:${SUBJECT_PRONOUN})\\s+\\p{Ll}+ed\\b`,
  "u",
);
const PRONOUN = new RegExp(`^(?:${SUBJECT_PRONOUN})$`);
const CONJUNCTION = /^(?:when|while|after|before|until|where|because|since|if)$/;
/** Lower-case words an object may hold before the outer predicate: "their home games". */
const MAX_OBJECT_WORDS = 3;

export function clauseEnd(clause: string, subjectFirst: boolean): string {
  const words = clause.split(" ");
  const at = (i: number) => words[i] ?? "";
  // The pronoun is the subject: a present verb right after it ("that serves X") is the clause's own.
  const verb = words.findIndex(
    (w, i) =>
      (subjectFirst || i > 0) &&
      /^\p{Ll}/u.test(w) &&
      (BE.test(w) || isPastForm(w) || (subjectFirst && i === 0 && /^\p{Ll}{3,}s$/u.test(w) && !AUX.test(w))),
  );
  if (verb < 0) return clause;
  let end = verb + 1;
  if (BE.test(at(verb))) {
    // "will be held", "is a citizen", "is from": the participle, noun or preposition after "be".
    if (isPastForm(at(end))) end += 1;
    else if (DETERMINER.test(at(end))) end += 2;
    // "is part of X", "was home to X": a relation noun with its preposition.
    else if (/^\p{Ll}+$/u.test(at(end)) && PREPOSITION.test(at(end + 1))) end += 1;
  }
  // "is considered to be located": an infinitive goes on with its own participle.
  if (at(end) === "to" && BE.test(at(end + 1)) && isPastForm(at(end + 2))) end += 3;
  const stranded = PREPOSITION.test(at(end)) && !DETERMINER.test(at(end + 1)) && !CAPITAL.test(at(end + 1));
  if (PREPOSITION.test(at(end))) end += 1;
  // "lived in when he died": a time clause of the clause's own subject belongs to it.
  const when = TIME_CLAUSE.exec(words.slice(end).join(" "));
  if (when) return words.slice(0, end + when[0].split(" ").length).join(" ");
  // "the team X played for win the league": a preposition with no object of its own ends the clause.
  if (stranded) return words.slice(0, end).join(" ");
  if (DETERMINER.test(at(end))) end += 1;
  if (CAPITAL.test(at(end))) {
    // A name: "died in Paris", "recruited David Beckham", "published Journal of X".
    end = nameEnd(words, end);
  } else if (!BE.test(at(verb))) {
    // A plain object: "played their home games".
    let n = 0;
    while (
      n < MAX_OBJECT_WORDS &&
      /^[\p{Ll}-]+$/u.test(at(end)) &&
      !isPastForm(at(end)) &&
      !AUX.test(at(end)) &&
      !CONJUNCTION.test(at(end)) &&
      !PREPOSITION.test(at(end))
    ) {
      end += 1;
      n += 1;
    }
    // "scored the winning goal in the Elm Final": the object's place, when a name follows.
    const named = DETERMINER.test(at(end + 1)) ? end + 2 : end + 1;
    if (n > 0 && PREPOSITION.test(at(end)) && CAPITAL.test(at(named))) {
      end = nameEnd(words, named);
    }
  }
  return words.slice(0, end).join(" ");
}

/** Where a name starting at `i` ends: capitalised words and the "of", "and", "the" inside it. */
function nameEnd(words: readonly string[], i: number): number {
  const glue = (w = "") => /^(?:of|and|the)$/.test(w);
  let end = i;
  while (end < words.length && (CAPITAL.test(words[end] ?? "") || glue(words[end]))) end += 1;
  while (glue(words[end - 1])) end -= 1;
  return end;
}

const WH = /\b(?:what|which|how|who|whom|when|where)\b/i;
const WH_AUX = /^(?:when|what|how|where|which|who)\b.*\b(?:did|does|do)\b/i;
const WH_BE = /^(?:in\s+)?(?:when|what|how|where|which)\b.*\b(?:is|was|are|were)\b/i;

/**
 * The part of a clause a sub-question keeps: cut after its verb group (`cut`) when the outer
 * question goes on after it ("When did the state where P is located become …", "the manager who
 * recruited B managed … what …"), else the whole clause to the end. `participleEnds`: a past
 * participle right after the cut belongs to the outer question too.
 */
export function keptClause(
  q: string,
  at: number,
  whole: string,
  cut: string,
  participleEnds: boolean,
): string {
  const after = whole.slice(cut.length);
  const outer =
    WH.test(after) ||
    WH_AUX.test(q.slice(0, at)) ||
    (participleEnds && isPastForm(after.trim().split(" ")[0] ?? ""));
  if (outer && after.trim()) return cut;
  // "When was the paper that published Elm Letters from Oakby founded?": the clause's verb group
  // was not told apart from its object, but a past participle closing a "When was …" question is
  // the outer one's, when the clause keeps a past verb of its own and no "is" ("where X is
  // found" ends on its participle).
  const words = whole.trim().split(" ");
  const last = words.at(-1) ?? "";
  const kept = words.slice(0, -1);
  return participleEnds &&
    WH_BE.test(q.slice(0, at)) &&
    isPastForm(last) &&
    kept.some((w) => /^\p{Ll}/u.test(w) && isPastForm(w)) &&
    !PRONOUN.test(kept.at(-1) ?? "") &&
    !kept.some((w) => BE.test(w))
    ? kept.join(" ")
    : whole;
}
