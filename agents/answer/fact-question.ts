/**
 * One-hop questions about a named subject's life or a work's maker, as a multi-hop chain's hops
 * ask them: "Who is X's father?", "Where was X born?", "What is the place of death of X?", "Why
 * did X die?", "Who is the director of film X?". The relation and the subject, read from the
 * question's shape alone; the answer is then read from the subject's own passage
 * (read-person-fact.ts). Pure.
 */
export type Relation =
  | "father"
  | "mother"
  | "spouse"
  | "child"
  | "birthplace"
  | "deathplace"
  | "birthdate"
  | "deathdate"
  | "cause"
  | "nationality"
  | "education"
  | "employer"
  | "maker"
  | "located";

export interface FactQuestion {
  relation: Relation;
  subject: string;
  /** For "maker": the role asked ("director", "performer"); for "located": the kind of place. */
  role?: string;
}

const KIN: Readonly<Record<string, Relation>> = {
  father: "father",
  mother: "mother",
  spouse: "spouse",
  husband: "spouse",
  wife: "spouse",
  child: "child",
  son: "child",
  daughter: "child",
};
export const MAKERS =
  "director|performer|composer|producer|author|writer|singer|creator|lyricist|screenwriter|artist";
// "the place of birth", "the date of death", "the cause of death".
const OF_LIFE: Readonly<Record<string, Relation>> = {
  "place of birth": "birthplace",
  "place of death": "deathplace",
  "date of birth": "birthdate",
  "date of death": "deathdate",
  "cause of death": "cause",
  nationality: "nationality",
};

const clean = (s: string) =>
  s
    .trim()
    .replace(/^(?:the\s+)?(?:film|movie|song|album|single|book|novel|play|opera)\s+/i, "")
    .replace(/[?.\s]+$/, "");

/** The relation and subject of a one-hop question about a life or a work, or null. */
export function parseFactQuestion(question: string): FactQuestion | null {
  const q = question.trim().replace(/\s+/g, " ");
  const kin = Object.keys(KIN).join("|");
  const possessive = q.match(new RegExp(`^Who (?:is|was|are|were) (.+?)['’]s? (${kin})\\??$`, "i"));
  if (possessive?.[1] && possessive[2])
    return { relation: KIN[possessive[2].toLowerCase()] ?? "spouse", subject: clean(possessive[1]) };
  const kinOf = q.match(new RegExp(`^Who (?:is|was|are|were) the (${kin}) of (.+)$`, "i"));
  if (kinOf?.[1] && kinOf[2])
    return { relation: KIN[kinOf[1].toLowerCase()] ?? "spouse", subject: clean(kinOf[2]) };
  // "the performers of X" (a band's members perform together), and "X's (main) director".
  const maker = q.match(new RegExp(`^Who (?:is|was|are|were) the (?:main )?(${MAKERS})s? of (.+)$`, "i"));
  if (maker?.[1] && maker[2])
    return { relation: "maker", subject: clean(maker[2]), role: maker[1].toLowerCase() };
  const makerOwn = q.match(
    new RegExp(`^Who (?:is|was|are|were) (.+?)['’]s? (?:main )?(${MAKERS})s?\\??$`, "i"),
  );
  if (makerOwn?.[1] && makerOwn[2])
    return { relation: "maker", subject: clean(makerOwn[1]), role: makerOwn[2].toLowerCase() };
  const life = q.match(
    /^(?:What|Where|When) (?:is|was) the (place of birth|place of death|date of birth|date of death|cause of death|nationality) of (.+)$/i,
  );
  if (life?.[1] && life[2]) {
    const relation = OF_LIFE[life[1].toLowerCase()];
    return relation ? { relation, subject: clean(life[2]) } : null;
  }
  const verb = q.match(
    /^(Where|When|Why|How) (?:was|did|were|does|is) (.+?) (born|die|died|study|studied|work|works|graduate|educated)\b(?: at| from| in)?\s*\??$/i,
  );
  if (verb?.[1] && verb[2] && verb[3]) {
    const wh = verb[1].toLowerCase();
    const v = verb[3].toLowerCase();
    const subject = clean(verb[2]);
    if (v === "born")
      return wh === "when" ? { relation: "birthdate", subject } : { relation: "birthplace", subject };
    if (v.startsWith("die"))
      return wh === "when"
        ? { relation: "deathdate", subject }
        : wh === "where"
          ? { relation: "deathplace", subject }
          : { relation: "cause", subject };
    if (wh !== "where") return null;
    return /^work/.test(v) ? { relation: "employer", subject } : { relation: "education", subject };
  }
  // "Which county where X is located?", "Which city where X died?", "Which country where X is a citizen?"
  const where = q.match(
    /^Which (country|county|state|city|province|region|district) (?:where|in which) (.+?) (is located|is situated|is found|is|was born|died|is a citizen|was a citizen)(?: in)?\??$/i,
  );
  if (where?.[1] && where[2] && where[3]) {
    const kind = where[1].toLowerCase();
    const verb = where[3].toLowerCase();
    const subject = clean(where[2]);
    if (verb === "was born") return { relation: "birthplace", subject };
    if (verb === "died") return { relation: "deathplace", subject };
    if (verb.includes("citizen")) return { relation: "nationality", subject };
    return { relation: "located", subject, role: kind };
  }
  // "In what county is X?", "Which state is X located in?", "X is located in what county?"
  const kinds = "country|county|state|city|province|region|district";
  const lies =
    q.match(new RegExp(`^In (?:what|which) (${kinds}) (?:is|was) (.+?)(?: located| situated)?\\??$`, "i")) ??
    q.match(new RegExp(`^(?:What|Which) (${kinds}) (?:is|was) (.+?) (?:located |situated )?in\\??$`, "i"));
  const liesAfter = q.match(
    new RegExp(`^(.+?) (?:is|was) (?:located |situated )?in (?:what|which) (${kinds})\\??$`, "i"),
  );
  const [kind, place] = lies ? [lies[1], lies[2]] : [liesAfter?.[2], liesAfter?.[1]];
  if (kind && place) return { relation: "located", subject: clean(place), role: kind.toLowerCase() };
  const nation = q.match(
    /^(?:What nationality (?:is|was) (.+)|Which country (?:is |was )?(.+?) (?:is |was )?from)\??$/i,
  );
  const who = nation?.[1] ?? nation?.[2];
  if (who) return { relation: "nationality", subject: clean(who) };
  return null;
}
