import { entities } from "../text.js";

/** What the rule router reads from a question: each feature is a named, inspectable fact. */
export interface RouteFeatures {
  words: number;
  entities: number;
  /** Dates or years named (2021, "October 22", 2023-11-24). */
  dates: number;
  /** Distinct years named: two or more set periods side by side ("in 2019 compared with 2021"). */
  years: number;
  /** before / after / since … a version number ("before IBM i 7.2"), or "which release/version". */
  version_order: boolean;
  /** "how do A and B differ", "difference between A and B": two named things set side by side. */
  differ_between: boolean;
  /** Code-like tokens (snake_case, dotted.names, --flags) or a first-person ask ("how can I"):
   *  a user looking something up in technical documents, usually in one passage. */
  lookup_voice: boolean;
  /** A set is asked for: "what are the main / four …", "what topics …", "who are the key …". */
  enumeration: boolean;
  /** A lead-in statement, then a question that points back at it ("… What coupon do those notes pay?"),
   *  or a second question chained on the first ("…, and does that register …?"). */
  chained_question: boolean;
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
  /** names two or more sources/articles to combine ("an article from <outlet> and one from <outlet>"). */
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
// The order word must govern a date ("after divesting X" orders events, not periods); "between"
// and a dated report ("published on October 5") may name it further on.
const A_DATE = `(?:\\d{4}-\\d{2}-\\d{2}|(?:19|20)\\d{2}|${MONTH}\\b)`;
const TIME_ORDER = new RegExp(
  `\\b(?:before|after|between|since|prior to|following|earlier than|later than|until|during|by|as of|from|through)(?: (?:the )?(?:end|start|beginning|close|middle) of)? (?:the )?(?:\\w+ )?${A_DATE}|^between\\b|\\b(?:published|reported|released|dated|issued) (?:on|in) ${A_DATE}`,
  "i",
);
const DIFFER_BETWEEN =
  /\b(?:differ\w*|difference|distinguish\w*|compare[sd]?) (?:\S+ ){0,3}between\b|\bhow (?:do|does|did) (?:\S+ ){1,6}differ\b/i;
const LOOKUP_VOICE =
  /\b[a-z]\w*_\w+\b|\b[a-z]\w*\.[a-z]\w*\b|(?:^|\s)--?[a-z][\w-]+|\b[a-z]+[A-Z]\w*\b|\b(?:I|my|me|I'm|I've)\b/;
const YEAR = /\b(?:19|20)\d{2}\b/g;
const VERSION_ORDER =
  /\b(?:before|after|since|prior to|until|as of|starting with|from) (?:\p{Lu}[\p{L}\d-]* ){0,3}v?\d+(?:\.\d+)+\b|\b(?:which|what) (?:\S+ ){0,2}(?:release|version)s?\b(?! (?:of|number) )/iu;
const ENUMERATION =
  /^(?:what|who|which) (?:are|were) (?:the )?(?:(?:main|key|major|principal|primary|most important)|(?:two|three|four|five|six|seven|eight|nine|ten|\d+)) |^what (?:topics|themes|subjects|areas)\b|\bmain (?:reasons|causes|drivers|risks|differences)\b/i;
// A statement sentence, then a question with a demonstrative pointing back at it.
const LEAD_IN_BACK_REF = /^[^?]+[.!]\s+[^?]*\b(?:those|these|that|this|such)\s+\p{L}+[^?]*\?$/u;
const SECOND_QUESTION =
  /,\s*and (?:does|do|did|is|are|was|were|can|will) (?:that|this|those|these|it|they)\b/i;
// Lower case only: "Changed It" or "Latest Hits" as a title is a name, not a change.
// "change" as a verb only ("how did X change", "changed"), not the noun ("reserve changes and …").
const TIME_CHANGE =
  /\b(changed|chang(e|es) (?:from|over|between|since|in (?:19|20)\d{2})|(?:did|does|do|has|have) (?:\S+ ){1,4}change\b|evolv(e|ed)|trend(ed|s)?|over time|latest|most recent|changelog|introduced|added|deprecat\w*|timeline|over the (?:last|past)|grow(th)?|declin\w+)\b/;
const WHEN_CHANGE =
  /\bwhen (did|was|were)\b.*\b(deprecat|introduc|add|remov|chang|releas|launch|due|publish|issu|adopt|effective)\w*/i;
const GLOBAL =
  /\b(summari[sz]e|summary|overview|main (topics|themes|contributions|points|ideas)|key themes|list (all|every)|all the (ways|documents)|across (all|the) (documents|corpus)|everything|what kinds of|which documents|most common|themes)\b/i;
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
// Two sources named side by side: "an article from <Name> … and <Name>'s report".
const SOURCES =
  /\b(?:articles?|reports?|pieces?|coverage) (?:from|by|in)\b.*\b(?:and|as well as|while)\b.*(?:\b(?:articles?|reports?|pieces?|coverage)\b|\b(?:from|by|in) (?:the )?\p{Lu})|\bconsidering (?:the )?information from\b/u;

export function routeFeatures(question: string): RouteFeatures {
  const q = question.trim();
  const dates = [...q.matchAll(DATE)].length;
  return {
    words: q.split(/\s+/).filter(Boolean).length,
    entities: entities(q).length,
    dates,
    years: new Set([...q.matchAll(YEAR)].map((m) => m[0])).size,
    version_order: VERSION_ORDER.test(q),
    enumeration: ENUMERATION.test(q),
    lookup_voice: LOOKUP_VOICE.test(q),
    differ_between: DIFFER_BETWEEN.test(q) && dates === 0,
    chained_question: LEAD_IN_BACK_REF.test(q) || SECOND_QUESTION.test(q),
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
