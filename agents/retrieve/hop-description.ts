import {
  asker,
  bridgeHead,
  clauseHead,
  nationalityWord,
  PERSON,
  placeOrWorkHead,
  relationAsk,
} from "./bridge-head.js";
import { clauseEnd } from "./clause-end.js";
import { isPastForm } from "./verb-forms.js";

/**
 * The innermost nested description of a multi-hop question, by its structure: "the director of
 * film X", "X's mother", "the association which published X", "the country containing X", "the
 * country X is located in". Each names a thing the question asks about without naming it: that
 * thing is a hop. Used by decompose-question.ts. Pure.
 */
// A name: capitalised words, digits or a quoted title, with the short function words titles
// carry ("Alexander and the Terrible, Horrible ... Day", "Journal of X"); or a bridge slot "#k".
// A title may end in "!" ("Love, Honor And Oh-Baby!").
const WORD = `(?:[\\p{Lu}\\d][\\p{L}\\d'’.&:-]*!?|#\\d)`;
// A dash joins a title's parts ("Malabimba – The Malicious Whore"). Each comma matches one way only
// (",?\\s+" or a bare ","): two ways to match ", " made a list of names backtrack exponentially.
const GLUE = `(?:,?\\s+(?:(?:of|and|the|de|del|la|le|von|van|in|on|for|to|a|an|no|y|da|di|und|et)\\s+)*|,|\\s+[–—]\\s+)`;
export const NAME = `(?:["“][^"”]{1,80}["”]|${WORD}(?:${GLUE}${WORD})*(?:\\s+\\([^)]{1,40}\\))?)`;
// Up to two words between "of" and the name: "of song X", "of the romantic comedy X".
const KIND = "(?:(?:the|a|an)\\s+)?(?:[\\p{Ll}-]+\\s+){0,2}?";
// "the first president of <name>", "the place of birth of <name>" (1–4 words before "of").
const HEAD_WORD = "(?!(?:which|that|who|whom|whose|where|when|of)\\b)[\\p{Ll}-]+";
const OF_DESC = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+(?:of\\s+)?){0,3}?${HEAD_WORD})\\s+of\\s+${KIND}(${NAME})`,
  "u",
);
// "<name>'s (paternal) mother": one or two words after the possessive (which, decided below).
const POSSESSIVE = new RegExp(`(${NAME})['’]s\\s+([\\p{Ll}-]+)(?:\\s+([\\p{Ll}-]+))?`, "u");
// "the park at which X is located", "the label under which X recorded": a preposition before "which".
// Only before the clause's subject: "under which former Governor" asks, it describes nothing.
const CLAUSE_PREPOSITION = "at|on|from|to|for|by|with|under|near|through|during";
const CLAUSE_OPENER = `["“\\p{Lu}\\d]|(?:the|a|an|his|her|its|their)\\b`;
// "the association which published <...name...>": a relative clause up to the end or a comma.
const RELATIVE = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,2}?${HEAD_WORD})\\s+(which|that|who|whom|whose|where|in which|(?:${CLAUSE_PREPOSITION})\\s+which(?=\\s+(?:${CLAUSE_OPENER})))\\s+([^,?;]*?${NAME}[^,?;]*?)(?=[,?;]|$)`,
  "u",
);
// "most", "best", "-est" words, not nouns that end so ("west", "forest", "interest", "contest").
const SUPERLATIVE = `(?:most|least|best|worst|(?!(?:west|forest|interest|contest|harvest|request|guest|test|rest|nest|quest|chest|crest|arrest|protest|conquest|digest|honest|modest)\\b)\\p{Ll}{2,}est)\\b`;
// "the state whose official bird is X", "the continent where most tea grows", "the country with
// the largest forest": a thing described by a clause naming nothing (a kind of place, group or
// work as its head; "with" only before a superlative, else it is a mere attribute).
const NAMELESS = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,1}?${HEAD_WORD})\\s+(whose|where|with(?=\\s+the\\s+${SUPERLATIVE}))\\s+([^,?;]+?)(?=[,?;]|$)`,
  "u",
);
// "X's city of birth", "X's country of origin": the relation's own "of" phrase, one word.
const OF_TAIL = /^\s+of\s+([\p{Ll}]+)/u;
// "the country containing X", "the team representing X": a participle before a name. Prepositions
// that end in -ing ("during", "according") are not participles.
const PARTICIPLE = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,1}?${HEAD_WORD})\\s+((?!(?:during|according|regarding|concerning)\\b)[\\p{Ll}]+ing)\\s+((?:the\\s+)?${NAME})`,
  "u",
);
// "the house built by X", "the film directed by X": a past participle and its agent.
const PASSIVE = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,1}?${HEAD_WORD})\\s+([\\p{Ll}]+)\\s+by\\s+((?:the\\s+)?${NAME})`,
  "u",
);
// "the Night Lanterns singer", "the Blue Harbour director": a work's name before a person's role.
const PREMODIFIED = new RegExp(`\\b[Tt]he\\s+(${NAME})\\s+([\\p{Ll}-]+)(?![\\p{L}])`, "u");
// "the country X is located in", "the city X played for": a relative clause without its pronoun,
// a name right after the head and a verb group right after the name.
const REDUCED = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,1}?${HEAD_WORD})\\s+(?:the\\s+)?((?!(?:The|A|An)\\b)${NAME})\\s+((?:is|was|are|were|has|had)\\b[^,?;]*|[\\p{Ll}]+ed\\b[^,?;]*|[\\p{Ll}]+s\\s+(?:for|in|at|on|with|from|under)(?=\\s))(?=[,?;]|$|\\s)`,
  "u",
);

const WH = /\b(?:what|which|how|who|whom|when|where)\b/i;
const WH_AUX = /^(?:when|what|how|where|which|who)\b.*\b(?:did|does|do)\b/i;

interface Found {
  start: number;
  end: number;
  sub: string;
}

/** The innermost description in `q` whose object is a name or a bridge slot, as a sub-question. */
export function innermost(q: string): Found | null {
  const found: Found[] = [];
  const of = lastMatch(OF_DESC, q);
  // "the country of X" names X itself, but "the country of #1" (of "Izgoy's performer") asks a relation.
  const ofSlot = /^#\d$/.test(of?.[2] ?? "");
  if (
    of &&
    bridgeHead(of[1] ?? "", ofSlot) &&
    !adjectiveName(of[2] ?? "", q.slice(of.index + of[0].length))
  ) {
    found.push({
      start: of.index,
      end: of.index + of[0].length,
      sub: relationAsk(of[1] ?? "", of[2] ?? "") ?? `${asker(of[1] ?? "")} is ${tidy(of[0])}?`,
    });
  }
  // The first match: a later start would cut a multi-word name ("Hello Love's" → "Love's").
  const pos = POSSESSIVE.exec(q);
  if (pos) {
    // "X's paternal grandfather" takes both words; "X's mother die" only the first.
    const two = pos[3] ? `${pos[2]} ${pos[3]}` : "";
    const one = pos[2] ?? "";
    const ofTail =
      pos[3] === "of" ? OF_TAIL.exec(q.slice(pos.index + pos[0].indexOf(one) + one.length)) : null;
    const head =
      two && bridgeHead(two) ? two : ofTail && bridgeHead(one, true) ? `${one} of ${ofTail[1]}` : one;
    const text = `${pos[1]}'s ${head}`;
    if (bridgeHead(head, true) || head !== one)
      found.push({
        start: pos.index,
        end: pos.index + pos[0].indexOf(one) + head.length,
        sub: relationAsk(head, pos[1] ?? "") ?? `${asker(head)} is ${tidy(text)}?`,
      });
  }
  const rel = lastMatch(RELATIVE, q);
  const [, relHead = "", relPronoun = ""] = rel ?? [];
  // "the person who", "the city where" always name something; "the X which/that" when X would.
  const entity =
    ["who", "whom", "where"].includes(relPronoun) || / which$/.test(relPronoun) || clauseHead(relHead);
  // A description inside the clause is asked first ("the country where the composer of X lived").
  if (rel && entity && !innermost(rel[3] ?? "")) {
    const [text, head = "", pronoun = "", whole = ""] = rel;
    const subjectFirst = ["which", "that", "who"].includes(pronoun);
    // "… is located named after": a participle after the clause is the outer question's.
    const clause = keptClause(q, rel.index, whole, clauseEnd(whole, subjectFirst), true);
    const lead = pronoun === "who" || pronoun === "whom" ? "Who" : `Which ${head}`;
    const rest = subjectFirst ? clause : `${pronoun} ${clause}`;
    const end = rel.index + text.length - (whole.length - clause.length);
    found.push({ start: rel.index, end, sub: `${lead} ${tidy(rest)}?` });
  }
  const bare = lastMatch(NAMELESS, q);
  if (bare && !(rel && entity) && placeOrWorkHead(bare[1] ?? "") && !innermost(bare[3] ?? "")) {
    const [text, head = "", pronoun = "", whole = ""] = bare;
    // "whose official bird is X": a clause naming nothing ends on the word after its "is".
    const cut = clauseEnd(whole, false).replace(/^(.*\b(?:is|was|are|were))$/, (c) =>
      whole
        .split(" ")
        .slice(0, c.split(" ").length + 1)
        .join(" "),
    );
    // "the state where a film is set are the flatlands": a verb of being after the clause is the outer one.
    const outerBe = /^\s+(?:is|are|was|were)\b/.test(whole.slice(cut.length));
    const clause = outerBe ? cut : keptClause(q, bare.index, whole, cut, true);
    const rest = pronoun === "with" ? `has ${clause}` : `${pronoun} ${clause}`;
    const end = bare.index + text.length - (whole.length - clause.length);
    found.push({ start: bare.index, end, sub: `Which ${head} ${tidy(rest)}?` });
  }
  const part = lastMatch(PARTICIPLE, q);
  if (part && clauseHead(part[1] ?? "")) {
    const [text, head = "", verb = "", name = ""] = part;
    found.push({ start: part.index, end: part.index + text.length, sub: `Which ${head} ${verb} ${name}?` });
  }
  const passive = lastMatch(PASSIVE, q);
  if (passive && clauseHead(passive[1] ?? "") && isPastForm(passive[2] ?? "")) {
    const [text, head = "", verb = "", name = ""] = passive;
    found.push({
      start: passive.index,
      end: passive.index + text.length,
      sub: `Which ${head} was ${verb} by ${name}?`,
    });
  }
  const pre = lastMatch(PREMODIFIED, q);
  // One person's role, a noun only ("the X star in a film" stars), after a name, not a nationality.
  const role = pre?.[2] ?? "";
  const name = pre?.[1] ?? "";
  // The name opens with a letter or a quote: "the 16th president", "the 1990 winner" are no names.
  if (
    pre &&
    PERSON.test(role) &&
    !/(?<!s)s$|^(?:children|star|host|head|lead|chief|member|partner|man|woman|person)$/.test(role) &&
    /^["“\p{Lu}]/u.test(name) &&
    !/^\p{Lu}?\d/u.test(name) &&
    !nationalityWord(name)
  ) {
    found.push({ start: pre.index, end: pre.index + pre[0].length, sub: `Who is the ${role} of ${name}?` });
  }
  const reduced = lastMatch(REDUCED, q);
  if (reduced && bridgeHead(reduced[1] ?? "", true)) {
    const [text, head = "", name = "", whole = ""] = reduced;
    const cut = clauseEnd(`${name} ${whole}`, false).slice(name.length + 1);
    const clause = keptClause(q, reduced.index, whole, cut, false);
    const end = reduced.index + text.length - (whole.length - clause.length);
    found.push({ start: reduced.index, end, sub: `Which ${head} ${name} ${tidy(clause)}?` });
  }
  // Nested descriptions sit inside their outer one: the innermost starts last, then ends first.
  found.sort((a, b) => b.start - a.start || a.end - b.end);
  return found[0] ?? null;
}

/**
 * The part of a clause a sub-question keeps: cut after its verb group (`cut`) when the outer
 * question goes on after it ("When did the state where P is located become …", "the manager who
 * recruited B managed … what …"), else the whole clause to the end. `participleEnds`: a past
 * participle right after the cut belongs to the outer question too.
 */
function keptClause(q: string, at: number, whole: string, cut: string, participleEnds: boolean): string {
  const after = whole.slice(cut.length);
  const outer =
    WH.test(after) ||
    WH_AUX.test(q.slice(0, at)) ||
    (participleEnds && isPastForm(after.trim().split(" ")[0] ?? ""));
  return outer && after.trim() ? cut : whole;
}

/**
 * "the president of a Norlandish shipping firm": a nationality before a noun is no name. A verb,
 * preposition or participle after it ("the director of film Titanic born") leaves it a name.
 */
const adjectiveName = (name: string, after: string) => {
  const next = /^\s+(\p{Ll}+)/u.exec(after)?.[1];
  return nationalityWord(name) && !!next && !NOT_NOUN.test(next) && !isPastForm(next);
};
const NOT_NOUN =
  /^(?:is|was|are|were|be|been|born|die|died|do|does|did|has|have|had|in|on|at|of|by|for|to|from|with|and|or|that|which|who|whose|where|when)$/;

function lastMatch(re: RegExp, text: string): RegExpExecArray | null {
  const g = new RegExp(re.source, `${re.flags.replace("g", "")}g`);
  let last: RegExpExecArray | null = null;
  for (let m = g.exec(text); m; m = g.exec(text)) {
    last = m;
    g.lastIndex = m.index + 1;
  }
  return last;
}

const tidy = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .replace(/^(?:The|A|An)\b/, (w) => w.toLowerCase())
    .trim();
