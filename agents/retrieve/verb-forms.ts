/**
 * English verb forms from a lemma, for writing a fact's predicate as a sentence: the common
 * irregular verbs (past, participle) and the spelling rules of the regular ones. Pure.
 */
const IRREGULAR: Readonly<Record<string, readonly [string, string]>> = Object.fromEntries(
  (
    "arise arose arisen|be was been|bear bore borne|beat beat beaten|become became become|begin began begun|" +
    "bind bound bound|break broke broken|bring brought brought|build built built|buy bought bought|" +
    "catch caught caught|choose chose chosen|come came come|cut cut cut|deal dealt dealt|do did done|" +
    "draw drew drawn|drive drove driven|eat ate eaten|fall fell fallen|feed fed fed|feel felt felt|" +
    "fight fought fought|find found found|fly flew flown|forbid forbade forbidden|forget forgot forgotten|" +
    "freeze froze frozen|get got got|give gave given|go went gone|grow grew grown|hang hung hung|have had had|" +
    "hear heard heard|hide hid hidden|hit hit hit|hold held held|hurt hurt hurt|keep kept kept|know knew known|" +
    "lay laid laid|lead led led|leave left left|lend lent lent|let let let|lose lost lost|make made made|" +
    "mean meant meant|meet met met|oversee oversaw overseen|pay paid paid|put put put|quit quit quit|" +
    "read read read|ride rode ridden|rise rose risen|run ran run|say said said|see saw seen|seek sought sought|" +
    "sell sold sold|send sent sent|set set set|shake shook shaken|shoot shot shot|show showed shown|" +
    "shut shut shut|sing sang sung|sink sank sunk|sit sat sat|speak spoke spoken|spend spent spent|" +
    "split split split|spread spread spread|stand stood stood|steal stole stolen|strike struck struck|" +
    "swear swore sworn|swim swam swum|take took taken|teach taught taught|tear tore torn|tell told told|" +
    "think thought thought|throw threw thrown|undergo underwent undergone|understand understood understood|" +
    "undertake undertook undertaken|uphold upheld upheld|wake woke woken|wear wore worn|win won won|" +
    "withdraw withdrew withdrawn|withhold withheld withheld|write wrote written"
  )
    .split("|")
    .map((entry) => {
      const [lemma = "", past = "", done = ""] = entry.split(" ");
      return [lemma, [past, done] as const];
    }),
);

/** "direct" → "directed", "write" → "wrote", "marry" → "married", "stop" → "stopped". */
export function pastTense(lemma: string): string {
  return IRREGULAR[lemma]?.[0] ?? regularPast(lemma);
}

/** "direct" → "directed", "write" → "written". */
export function participle(lemma: string): string {
  return IRREGULAR[lemma]?.[1] ?? regularPast(lemma);
}

/** Third person singular: "host" → "hosts", "marry" → "marries", "have" → "has", "be" → "is". */
export function presentTense(lemma: string): string {
  if (lemma === "be") return "is";
  if (lemma === "have") return "has";
  if (/(s|sh|ch|x|z|o)$/.test(lemma)) return `${lemma}es`;
  if (/[^aeiou]y$/.test(lemma)) return `${lemma.slice(0, -1)}ies`;
  return `${lemma}s`;
}

function regularPast(lemma: string): string {
  if (lemma.endsWith("e")) return `${lemma}d`;
  if (/[^aeiou]y$/.test(lemma)) return `${lemma.slice(0, -1)}ied`;
  // One short syllable ending consonant-vowel-consonant doubles its last letter ("stop", "plan").
  if (/^[^aeiou]*[aeiou][bdgklmnprt]$/.test(lemma)) return `${lemma}${lemma.at(-1)}ed`;
  return `${lemma}ed`;
}

const PAST_FORMS: ReadonlySet<string> = new Set(Object.values(IRREGULAR).flat());

/** Whether a word is a past tense or participle: "-ed", or an irregular one ("held", "born"). */
export function isPastForm(word: string): boolean {
  const w = word.toLowerCase();
  return /^[a-z]{2,}ed$/.test(w) || w === "born" || (PAST_FORMS.has(w) && w !== "be");
}
