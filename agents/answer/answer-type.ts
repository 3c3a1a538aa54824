import { kindWordModifies, type PlaceKind, placeKind } from "./answer-kind.js";
import { ROLE_ASKED } from "./asked-role.js";
import { sortAsked } from "./kind-phrases.js";

/**
 * Reader step 1: what kind of answer a question wants, from its wording alone (English and
 * Russian). The reader then looks for spans of that type in the evidence. Pure.
 */
export const ANSWER_TYPES = [
  "money",
  "percent",
  "quantity",
  "date",
  "year",
  "version",
  "person",
  "organisation",
  "place",
  "code",
  "yes_no",
  "list",
  "definition",
  "reason",
  "comparison",
  "other",
] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export interface ExpectedAnswer {
  type: AnswerType;
  /** For comparisons and yes/no questions: the type of the values compared ("money", "year"...). */
  value: AnswerType;
  /** The rule that decided, for the trace. */
  rule: string;
  /** For a place: the kind asked ("in what county", "what nationality"). */
  kind?: PlaceKind;
  /** "What kind of collector …?": the stem of the noun a kind of which is asked (kind-phrases.ts). */
  sort?: string;
}

interface TypeRule {
  type: AnswerType;
  name: string;
  re: RegExp;
}

// Words for the thing named right after "which"/"what" that make the answer an identifier.
// No asking word anywhere: a search-box query.
const TERSE =
  "^(?![^?]*\\b(?:who|whom|whose|when|where|why|how|what|which|is|are|was|were|do|does|did|can|count|number)\\b)[^?]*";
const CODE_NOUN =
  "(?:cli )?(?:function|method|module|command|subcommand|flag|option|parameter|argument|setting|error(?: code)?|" +
  "abort code|struct|class|type|register|field|variable|constant|preset|property|key|attribute|endpoint|package|" +
  "library|filter|macro|api|call|file|directory|script)s?";

/** Checked in order: value types first, the broad shapes (list, definition) last. */
const RULES: readonly TypeRule[] = [
  // "What numeric abort code …": a number, whatever noun follows.
  { type: "quantity", name: "numeric", re: /\bnumeric (?:\w+ ){0,2}?(?:code|value|id|identifier|status)\b/i },
  { type: "reason", name: "why", re: /^why\b|\bwhat (?:caused|causes|is the reason)\b|^почему|^зачем/i },
  {
    type: "code",
    name: "code-noun",
    re: new RegExp(
      `\\b(?:which|what)\\s+(?:\\w+\\s+){0,3}?${CODE_NOUN}\\b(?!\\s+of\\b)|\\b(?:error|flag|command|function)\\b.*\\b(?:which|what)\\b|` +
        "\\bwhat error\\b|\\bwhat (?:else )?(?:must|should|do i (?:need|have) to|needs? to|has to) (?:also )?(?:be )?(?:set|configured?|enabled?|turned on|passed)\\b|\\b(?:какая|какой|какую)\\s+(?:функци|команд|флаг|модул|ошибк|параметр)",
      "i",
    ),
  },
  {
    type: "money",
    name: "money",
    re: /\bhow much\b(?! of\b).*\b(?:cost|pay|paid|spend|spent|revenue|sales|expense|income|loss|profit|price|fee|worth|charge|earn|fund|raise|generate|invest)|\bhow much\b(?!\s+of\b|\s+(?:[\w-]+\s+)?(?:space|area|land|time|memory|storage|disk|capacity|energy|power|water|weight|data|traffic|volume|bandwidth)\b)|\bwhat (?:total|amount|price|value|cost|fee)\b|\bwhat (?:is|was|are|were) (?:the )?(?:[\w-]+ ){0,2}?(?:cost|price|fee)s?\b|\bcarried at\b|\bcarrying (?:amount|value)\b|сколько (?:стоит|стоил|денег)|какова стоимость/i,
  },
  {
    type: "code",
    name: "how-do-i",
    re: /^how (?:do|can|should|would) (?:i|we|you|my|one)\b(?![^?]*\b(?:much|many)\b)|^is there (?:a|an) (?:\w+ )?(?:command|function|flag|way)\b|^как (?:мне )?(?:сделать|запустить|вызвать)/i,
  },
  {
    type: "percent",
    name: "percent",
    re: /\b(?:what|which|how big an?) (?:\w+ )?(?:percent(?:age)?|share|proportion|portion|fraction|slice|stake)\b|\b(?:percent(?:age)?|rate|coupon)\b|^(?![^?]*\b(?:who|whom|whose|when|where|why|how|what|which|value|at stake)\b)[^?]*\bstake\b|how much of (?:\S+ ){1,3}?(?:did|does|do|was|is|were)\b|процент|какую долю/i,
  },
  {
    type: "version",
    name: "version",
    re: /\b(?:which|what|in which|in what) (?:[\w-]+ ){0,4}(?:release|version)\b|\bsince (?:which|what) version\b|в какой версии/i,
  },
  // A terse query with no asking word names what it wants by its noun: "run-script flag for a
  // compiled file", "release replacing torch_scatter".
  { type: "version", name: "terse-version", re: new RegExp(`${TERSE}\\b(?:release|version)\\b`, "i") },
  {
    type: "code",
    name: "terse-code",
    re: new RegExp(
      `${TERSE}\\b(?:command|subcommand|flag|function|option|parameter|setting|error code)s?\\b`,
      "i",
    ),
  },
  {
    type: "date",
    name: "date-of",
    re: /\bdate of (?:birth|death)\b|\bwhen (?:was|did|is) .+ (?:born|die|died|founded|established)\b/i,
  },
  {
    type: "place",
    name: "place-of",
    re: /\bplace of (?:birth|death|burial)\b|\bwhere (?:was|did|is|were) .+ (?:born|die|died|buried|study|studied|educated|work|detained)\b/i,
  },
  {
    type: "place",
    name: "nationality",
    re: /\bnationality\b|\bwhich country .+ from\b|\bcountry of (?:origin|citizenship)\b/i,
  },
  // "served during what years?", "in what timeframe": a span of years ("from 1986 to 2013").
  {
    type: "date",
    name: "period",
    re: /\b(?:what|which) (?:years|time ?frame|(?:time )?period|span of years)\b(?!\s+(?:of|after|before)\b)/i,
  },
  { type: "year", name: "year", re: /\b(?:which|what|in what) year\b|в каком году/i },
  // "In what month is it held?": a month, said alone ("in March and April") or in a date.
  { type: "date", name: "month", re: /\b(?:which|what) months?\b|в каком месяце/i },
  {
    type: "date",
    name: "date",
    // "… ended when?": the asking word last.
    re: /^when\b(?![^?]*,\s*(?:which|what|how|who)\b)|\bwhen\s*\?\s*$|\bwhat date\b|\bon what day\b|\bwhen (?:was|were|did|does|is|will)\b|^когда|какого числа/i,
  },
  {
    type: "quantity",
    name: "quantity",
    // An average, mean or median is a number whatever it measures ("the average snowfall").
    re: /\bhow (?:many|much|long|big|large|far|old|often|fast|high)\b|\bnumber of\b|\bwhat (?:size|length|amount|count)\b|\bwhat (?:is|was|are|were) (?:the )?(?:usual |typical )?(?:average|mean|median)\b|сколько|какое количество/i,
  },
  { type: "person", name: "person-role", re: ROLE_ASKED },
  {
    type: "person",
    name: "person",
    re: /^who\b|(?:^|[,;:]\s*|\b(?:of|in|for|by|to|with|from)\s+)whose\b|\bwhich (?:person|people|author|user)\b|^кто\b|^чей/i,
  },
  {
    type: "place",
    name: "place",
    re: /^where\b|\bwhich (?:country|city|state|region|place|location)\b|^где\b/i,
  },
  {
    type: "organisation",
    name: "organisation",
    re: /\bwhich (?:company|companies|organi[sz]ation|firm|agency|university|vendor|provider|database|model|llm)\b|какая (?:компания|организация)/i,
  },
  {
    type: "yes_no",
    name: "yes-no",
    re: /^(?:is|are|was|were|does|do|did|can|could|has|have|had|will|should|would)\b(?![^?]*\bor\b)/i,
  },
  {
    type: "list",
    name: "list",
    re: /^(?:what|which) are (?:the )?(?:main|key|major|different|various|\d+|two|three|four|five|six)\s|^(?:what|which) are (?:the )?(?:\w+ )?(?:topics|features|items|steps|reasons|components|types|kinds|categories|options|ways|changes|proceedings|risks|factors|members|competitors|benefits|advantages|differences|requirements|sources|parts|stages)\b|\blist\b|\bmain (?:\w+ ){0,2}\w+s\b|\bwhat topics\b|\b(?:consists?|consisted|made up|composed|comprised) of\s*\??$|\bwhat (?:does|do|did) (?:\S+ ){1,8}?(?:consist of|comprise|include)\s*\??$|перечисл|какие/i,
  },
  {
    // "What unsafe condition does it address?", "What problem does X solve?": a statement, not a name.
    type: "definition",
    name: "abstract-noun",
    re: /(?:^|[.?!]\s+)(?:what|which)\s+(?:[\w-]+\s+){0,2}?(?:conditions?|problems?|issues?|risks?|effects?|purposes?|goals?|benefits?|advantages?|limitations?|requirements?|mechanisms?|techniques?|approach(?:es)?|strateg(?:y|ies)|causes?)\s+(?:does|do|did|is|was|are|were|has|have|had|will|would|can|could|should|might|may)\b/i,
  },
  {
    type: "definition",
    name: "definition",
    re: /^what(?:'s| is| are| does)\b|^define\b|\bwhat does .+ mean\b|^что такое/i,
  },
];

const COMPARISON =
  /\b(?:compared? (?:with|to)|versus|vs\.?|differ(?:ence|s)?|distinguish(?:es)? (?:\S+ ){1,6}?from|change[sd]? (?:from|between)|(?:increase|decrease|grow|grew|fell|rise|rose)\w* from|higher than|lower than|more than|less than|recovered to|back (?:at|to) (?:its |their |the )?(?:\d{4} |pre-\w+ )?levels?)\b|сравн|отлича|разниц|по сравнению/i;

// "What is the name/county seat of …" asks a name; "the meaning/purpose/role of …" a definition.
// So does "What is the main international airport in Elmford?": a thing of a named place.
const NAME_OF =
  /^[Ww]hat(?:'s| is| was) the (?!(?:meaning|definition|purpose|role|function|goal|significance|idea|concept|point|use|aim)\b)(?:(?:[\p{L}-]+ )?[\p{L}-]+ (?:of|for)\b|(?:(?!to\b)[\p{L}-]+ ){0,3}(?!(?:way|approach|practice|method|risk|factor|reason|step|difference|purpose|role)s?\b)[\p{L}-]+ (?:in|at) \p{Lu})/u;

/** The expected answer type of a question. */
export function expectedAnswer(question: string): ExpectedAnswer {
  const q = asked(question.trim());
  const hit = RULES.find((r) => r.re.test(q));
  const base: ExpectedAnswer = hit
    ? { type: hit.type, value: hit.type, rule: hit.name }
    : { type: "other", value: "other", rule: "default" };
  // "Elm Galleria is located in what county?": a place of that kind, whatever the wording around it.
  const kind = placeKind(q);
  if (base.rule === "place" && !/^where\b/i.test(q) && kindWordModifies(q))
    return { type: "other", value: "other", rule: "place-word-modifies" };
  if (kind && ["other", "definition", "place", "organisation"].includes(base.type))
    return { type: "place", value: "place", rule: `${base.rule}+${kind}`, kind };
  // A comparison keeps the type of the values it compares ("how did X expense change" → money).
  if (COMPARISON.test(q) && base.type !== "code") {
    const value = base.type === "yes_no" || base.type === "other" ? valueTypeOf(q) : base.type;
    return { type: "comparison", value, rule: `comparison+${base.rule}` };
  }
  if (base.type === "yes_no") return { ...base, value: valueTypeOf(q) };
  // "What is the conversion price of X?", "What were X's bookings in 2021?": a value, not a definition.
  if (base.type === "definition" || base.type === "other") {
    const value = valueTypeOf(q);
    if (value !== "other") return { type: value, value, rule: `${base.rule}+${value}-words` };
  }
  // "What is the name of the singer who …", "What is the county seat of the county where …": a
  // name one thing has, not what a term means.
  if ((base.type === "definition" || base.type === "list") && NAME_OF.test(q))
    return { type: "other", value: "other", rule: "name-of" };
  // "What kind of collector …?": a name, or the words a passage describes one with.
  const sort = base.type === "other" ? sortAsked(q) : undefined;
  if (sort) return { ...base, rule: `${base.rule}+kind-of`, sort };
  return base;
}

/**
 * The question from its asking word on, when a phrase before a comma sets the scene: "Using X, how
 * can I …?", "For the 2026 notes, what …?". The rules anchored at the start ("^how do I", "^who",
 * "^when") then read the question as asked. A phrase with a question word of its own is kept whole.
 */
function asked(q: string): string {
  const m = /^([^,?]{3,100}),\s+((?:how|what|which|who|whom|whose|where|when|why)\b.*)$/is.exec(q);
  return m?.[1] && m[2] && !/\b(?:how|what|which|who|whom|whose|where|when|why)\b/i.test(m[1]) ? m[2] : q;
}

/** The value type a yes/no or comparison question is about, from the words it uses. */
function valueTypeOf(q: string): AnswerType {
  // "0% convertible notes" names the thing; its price is asked: a bare "%" counts only after the words.
  if (/percent|\b(?:rate|share|margin)\b|процент/i.test(q)) return "percent";
  if (
    // "not-for-profit", "low-cost": a word joined by a hyphen describes a thing, it asks no amount.
    /\b(?<!-)(?:revenue|sales|expense|cost|income|loss|profit|price|fee|spend|spent|paid|ebitda|cash|bookings|balance|obligation|payment|commitment|liabilit|debt)\w*\b(?!-)/i.test(
      q,
    )
  )
    return "money";
  if (q.includes("%")) return "percent";
  if (/\b(?:how many|number of|count|population|inhabitants?)\b/i.test(q)) return "quantity";
  // "What was the song's Roud Folk Song Index?", "the city's population ranking": a number asked.
  if (
    /\b(?:what|which)\s+(?:is|was|are|were)\s+the\s+(?:[\p{L}'’-]+\s+){0,4}(?:index|rank(?:ing)?|score)\s+(?:of|for|in)\b/iu.test(
      q,
    )
  )
    return "quantity";
  // "What is the default batch size?": a measure is a number, not a definition.
  if (
    /(?<!\p{L})(?:size|length|limit|capacity|timeout|duration|threshold|размер|длин|лимит|порог)(?!\p{Ll}{3})/iu.test(
      q,
    )
  )
    return "quantity";
  return "other";
}
