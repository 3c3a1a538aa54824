import { entities } from "../text.js";

/** What the rule router reads from a question: each feature is a named, inspectable fact. */
export interface RouteFeatures {
  words: number;
  entities: number;
  /** Dates or years named (2021, "October 22", 2023-11-24). */
  dates: number;
  /** before / after / between / since / from … to / during, next to a date or report. */
  time_order: boolean;
  /** change, evolve, trend, latest, recent, changelog, added/introduced since. */
  time_change: boolean;
  /** "when did / when was" + a change verb (deprecated, introduced, ...). */
  when_change: boolean;
  /** summarize, overview, main topics/themes, list all, across all, everything, what kinds of. */
  global: boolean;
  /** difference between, compare, vs, relate, differ, both, same, older/younger/first, or-choice. */
  comparison: boolean;
  /** "Does X … while Y …": two claims set side by side. */
  contrast_claims: boolean;
  /** the X who/that/which/whose …, X of the Y of …, possessive chains: one answer feeds the next. */
  bridge_clauses: number;
  /** consistent, agree, same, differ, changed: two reports or states set side by side. */
  consistency: boolean;
  /** "which …, A or B?": a choice between two named things. */
  or_choice: boolean;
  /** names two or more sources/articles to combine ("from TechCrunch and The Verge"). */
  multi_source: boolean;
  /** "did X report … before Y mentioned …": the order of two reports. */
  report_order: boolean;
  /** who / which / what X / where / when / in what … asked about a named thing (a factoid). */
  factoid_named: boolean;
}

const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const DATE = new RegExp(
  `\\b(?:\\d{4}-\\d{2}-\\d{2}|(?:19|20)\\d{2}|${MONTH}\\.? \\d{1,2}(?:st|nd|rd|th)?)\\b`,
  "gi",
);
const TIME_ORDER =
  /\b(before|after|between|since|prior to|following|earlier than|later than|until|during|from (?:19|20)\d{2} to)\b/i;
// Lower case only: "Changed It" or "Latest Hits" as a title is a name, not a change.
const TIME_CHANGE =
  /\b(chang(e|ed|es)|evolv(e|ed)|trend(ed|s)?|over time|latest|most recent|changelog|introduced|added|deprecat\w*|timeline|over the (?:last|past)|grow(th)?|declin\w+)\b/;
const WHEN_CHANGE = /\bwhen (did|was|were)\b.*\b(deprecat|introduc|add|remov|chang|releas|launch|due)\w*/i;
const GLOBAL =
  /\b(summari[sz]e|summary|overview|main (topics|themes|contributions|points|ideas)|key themes|list (all|every)|all the (ways|documents)|across (all|the) (documents|corpus)|everything|what kinds of|which documents|most common|all (asset )?standards|themes)\b/i;
const COMPARISON =
  /\b(difference|differ(s|ent)?|compare[ds]?|comparison|relat(e|es|ionship)|both|same (country|nationality|place|year|city)|older|younger|born first|born later|died first|died later|first,|released first|larger|smaller|cheaper|more than|less than|outperform|replaced|migrate|compatible|while)\b/i;
const VERSUS = /\b(vs\.?|versus)\b/;
const CONSISTENCY = /\b(consisten(t|cy)|agree|disagree|same|similar|differ\w*|change[ds]?)\b/i;
const OR_CHOICE = /\b(?:which|who|what)\b[^?]*,\s*[^,?]+ or [^,?]+\?$|\bwhich of [^?]+ or [^?]+/i;
const CONTRAST =
  /^(does|did|do|is|was|are|were)\b.*\b(while|whereas|but|both|compared to|similar|different)\b/i;
const BRIDGE =
  /\b(?:the|a|an) (?:\w+ ){1,3}(?:who|that|which|whose|where)\b|\bof (?:the|a) (?:\w+ ){0,2}(?:of|who|that|which)\b|\b\w+['’]s (?:\w+ )?(?:mother|father|wife|husband|son|daughter|child|spouse|director|performer|creator|founder|brother|sister|paternal|maternal)\b|\bby (?:the|a|an) \w+ (?:who|that|which|of)\b|\b(?:director|performer|composer|founder|author|producer|creator|writer|acquirer) of\b|\b(?:wife|husband|spouse|(?:grand|step)?(?:father|mother|son|daughter|child)|brother|sister|uncle|aunt)(?:-in-law)? of\b|\b(?:paternal|maternal) grand\w+|\b\p{Lu}\p{L}+['’]s (?:birthplace|hometown|wife|husband|father|mother|home country|country)\b/giu;
const REPORT_ORDER =
  /\b(report(ed|s)?|mention(ed|s)?|publish(ed)?|articles?|covered|stated)\b[^?]*(?<!named )\b(before|after|prior to|following)\b|\b(before|after)\b[^?]*\b(report(ed)?|mentioned|published|article)\b/i;
const SOURCE_MENTION =
  /\b(reported by|according to|as reported|covered by|articles?|reports?|pieces?|coverage)\b/gi;
const FACTOID =
  /^(who|whom|which|where|when|in (what|which)|what (year|city|country|type|kind|company|team|nationality|place|date)|what \w+ (did|does|is|was|were))\b|\b(what|which|who|whom|when|where)\??$/i;
const SOURCES =
  /\b(?:articles?|reports?|pieces?|coverage) (?:from|by|in)\b.*\b(?:and|as well as|while)\b.*\b(?:article|report|piece|coverage|techcrunch|verge|guardian|wired|cnbc|bbc|espn|engadget|polygon|fortune|times|post|herald|age)\b|\bconsidering (?:the )?information from\b/i;

export function routeFeatures(question: string): RouteFeatures {
  const q = question.trim();
  return {
    words: q.split(/\s+/).filter(Boolean).length,
    entities: entities(q).length,
    dates: [...q.matchAll(DATE)].length,
    time_order: TIME_ORDER.test(q),
    time_change: TIME_CHANGE.test(q),
    when_change: WHEN_CHANGE.test(q),
    global: GLOBAL.test(q),
    comparison: COMPARISON.test(q) || VERSUS.test(q),
    or_choice: OR_CHOICE.test(q),
    consistency: CONSISTENCY.test(q),
    contrast_claims: CONTRAST.test(q),
    bridge_clauses: [...q.matchAll(BRIDGE)].length,
    multi_source: SOURCES.test(q) || [...q.matchAll(SOURCE_MENTION)].length >= 2,
    report_order: REPORT_ORDER.test(q),
    factoid_named: FACTOID.test(q) && /\s[\p{Lu}\d]/u.test(q),
  };
}
