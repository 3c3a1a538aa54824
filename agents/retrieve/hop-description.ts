import {
  asker,
  bridgeHead,
  clauseHead,
  nationalityWord,
  PERSON,
  placeOrWorkHead,
  relationAsk,
} from "./bridge-head.js";
import { clauseEnd, keptClause } from "./clause-end.js";
import {
  KIN_NEXT,
  NAMELESS,
  OF_DESC,
  OF_TAIL,
  PARTICIPLE,
  PASSIVE,
  POSSESSIVE,
  PREMODIFIED,
  REDUCED,
  RELATIVE,
  WORK_ROLE,
} from "./hop-patterns.js";
import { isPastForm } from "./verb-forms.js";

/**
 * The innermost nested description of a multi-hop question, by its structure: "the director of
 * film X", "X's mother", "the association which published X", "the country containing X", "the
 * country X is located in". Each names a thing the question asks about without naming it: that
 * thing is a hop. Used by decompose-question.ts. Pure.
 */

interface Found {
  start: number;
  end: number;
  sub: string;
}

/** The innermost description in `q` whose object is a name or a bridge slot, as a sub-question. */
export function innermost(q: string): Found | null {
  const found: Found[] = [];
  const of = ofDescription(q);
  if (of.found) found.push(of.found);
  // The first match: a later start would cut a multi-word name ("Hello Love's" → "Love's").
  const pos = of.wide ? null : POSSESSIVE.exec(q);
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
    !/['’]s$/.test(name) &&
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
 * "the director of X" as a sub-question. `wide`: a possessive of kin follows the name ("the
 * director of Elm Road's father"); a role held over a work has no kin, so the possessive is the
 * whole description's: "the director of Elm Road" first, then "#1's father".
 */
function ofDescription(q: string): { found: Found | null; wide: boolean } {
  const of = lastMatch(OF_DESC, q);
  if (!of) return { found: null, wide: false };
  const [whole, head = "", named = ""] = of;
  const wide =
    WORK_ROLE.test(head) && /['’]s$/.test(named) && KIN_NEXT.test(q.slice(of.index + whole.length));
  const name = wide ? named.replace(/['’]s$/, "") : named;
  const lead = whole.slice(0, whole.length - named.length);
  const text = `${lead}${name}`;
  // "the country of X" names X itself, but "the country of #1" (of "Elm Vale's performer") and
  // "the state of the Elm Dam" ask a relation; so does a relation's own phrase ("the country of
  // citizenship of X").
  const asked = /^#\d$/.test(name) || /\bof\s+the\s+$/.test(lead);
  const relation = relationAsk(head, name);
  if (!(relation || bridgeHead(head, asked)) || adjectiveName(name, q.slice(of.index + text.length)))
    return { found: null, wide };
  const sub = relation ?? `${asker(head)} is ${tidy(text)}?`;
  return { found: { start: of.index, end: of.index + text.length, sub }, wide };
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
