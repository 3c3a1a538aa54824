import { countryOfNationality } from "./demonyms.js";

/**
 * Which heads of a nested description make a hop (a person, place, organisation or work: a thing
 * with passages of its own), how its sub-question is asked, and the relations a passage states
 * with a verb. Used by hop-description.ts. Pure.
 */
// Heads whose answer is a thing with passages of its own (a person, place or organisation): only
// these make a bridge in any description; a work only in a clause (see CLAUSE_ONLY). "Uber's balance sheet" or "the rate of X" ask for a value, not a hop.
export const PERSON = new RegExp(
  `(?:^|\\s)(?:${[
    "director|producer|performer|composer|author|writer|founder|creator|designer|developer|inventor|singer|actor|actress",
    "player|owner|leader|ruler|president|chairman|ceo|manager|coach|captain|editor|publisher|architect|artist|painter",
    "poet|narrator|host|presenter|star|member|partner|successor|predecessor|heir|king|queen|emperor|chief|head|person",
    "man|woman|mother|father|husband|wife|spouse|son|daughter|child|children|brother|sister|sibling|uncle|aunt",
    "grandfather|grandmother|grandson|granddaughter|nephew|niece|cousin|father-in-law|mother-in-law",
    "mayor|governor|senator|minister|chancellor|premier|bishop|pope|general|commander|sheriff",
    "screenwriter|songwriter|lyricist|illustrator|photographer|cinematographer|conductor|vocalist|frontman",
    "character|protagonist|villain|mascot|namesake",
  ].join("|")})s?$`,
  "u",
);
const PLACE_OR_ORG =
  /(?:^|\s)(?:birthplace|hometown|location|area|river|lake|mountain|island|sea|ocean|continent|country|nation|city|town|village|state|county|province|region|capital|headquarters|home|residence|company|team|club|label|publisher|university|school|college|band|group|party|league|studio|employer|owner|manufacturer|developer|organi[sz]ation|association|institution|institute|sponsor|district|borough|territory|kingdom|republic|alma mater|airline|agency|park|museum|stadium|venue|airport|hospital|church|cathedral|seat|empire|dynasty|government|army)s?$/u;
// "the village of X" names X itself: a bare kind of place before "of" is no hop.
const APPOSITIVE =
  /^(?:city|town|village|state|county|province|region|country|nation|island|kingdom|republic|borough|district)$/u;
// A kind of place named by a clause or a possessive ("the country X is located in", "X's city of
// birth") is a bridge all the same: only "the city of X" names X itself.
export const bridgeHead = (head: string, named = false) =>
  (named || !APPOSITIVE.test(head)) && (PERSON.test(head) || PLACE_OR_ORG.test(head));
// A work has passages of its own too, but its nouns are also verbs ("Does X's report show …") or
// values ("the series of 2025 Notes"): a work bridges only as a clause's head ("the film that …").
// So do a network and a brand ("a company's network" is a value, "the network that aired X" a
// thing), an event, award, language or genre ("the Battle of X" names the battle itself), and a
// kind of land or water ("the body of water where X is located"), a body of a state ("the department
// that oversees X"; "the Audit Committee of X" is the committee itself) and a built thing ("the
// station that broadcasts X").
const CLAUSE_ONLY =
  /(?:^|\s)(?:film|movie|novel|book|album|song|play|opera|series|show|game|magazine|newspaper|episode|network|channel|broadcaster|brand|war|battle|tournament|competition|championship|event|festival|award|prize|trophy|language|religion|genre|sport|territory|site|entity|watercourse|stream|bay|gulf|valley|desert|peninsula|forest|basin|water|department|ministry|bureau|committee|council|commission|court|station|railway|railroad|highway|road|bridge|building|tower|castle|palace|port|harbou?r|canal|dam|factory|prison|hotel|theat(?:re|er)|library)s?$/u;
/** A head naming a place, organisation, work or event: what a clause naming nothing may describe. */
export const placeOrWorkHead = (head: string) => PLACE_OR_ORG.test(head) || CLAUSE_ONLY.test(head);
/** A head a relative clause or a participle may describe: a bridge head, or a clause-only head. */
export const clauseHead = (head: string) => bridgeHead(head, true) || CLAUSE_ONLY.test(head);

// Nationality words: the -ian/-ican/-ean/-ese/-ish ones ("-an", "-ic" alone also end "Japan",
// "Titanic"), and a few others.
const NATIONALITY =
  /^(?:\p{Lu}\p{Ll}+(?:ian|ican|ean|ese|ish)|Greek|Welsh|French|Dutch|Swiss|Thai|Czech|Scots)$/u;
/** Whether a name ends in a nationality word: by its ending, or one the table of nationality words knows ("Iraqi"). */
export const nationalityWord = (name: string) => {
  const last = name.split(" ").at(-1) ?? "";
  return NATIONALITY.test(last) || countryOfNationality(last) !== null;
};

export const asker = (head: string) => (PERSON.test(head) ? "Who" : "What");

// A relation a passage states with a verb, asked with that verb: "X's city of birth" is read from
// "born … in Y", which "What is X's city of birth?" shares no word with.
const RELATION_ASKS: ReadonlyArray<readonly [RegExp, (name: string) => string]> = [
  [/^(?:birthplace|(?:place|city|town|village) of birth)$/, (n) => `Where was ${n} born?`],
  [/^(?:deathplace|(?:place|city|town) of death)$/, (n) => `Where did ${n} die?`],
  [/^alma mater$/, (n) => `Where did ${n} study?`],
  [/^(?:team|club)$/, (n) => `Which team did ${n} play for?`],
  [
    /^(?:country|country of (?:origin|citizenship)|birth country|nationality)$/,
    (n) => `Which country is ${n} from?`,
  ],
  [/^employer$/, (n) => `Who did ${n} work for?`],
];
export const relationAsk = (head: string, name: string): string | null => {
  const ask = RELATION_ASKS.find(([re]) => re.test(head))?.[1];
  return ask ? ask(name.replace(/^(?:the|a|an)\s+/i, "")) : null;
};
