import { z } from "zod";
import { clauseEnd } from "./clause-end.js";

/**
 * Offline decomposition of a multi-hop question by its structure, not its vocabulary. A nested
 * description ("the director of film X", "X's mother", "the association which published X") is
 * a hop: it is asked first, and its answer (the bridge) takes its place as "#1" in what is left.
 * "the spouse of the director of film X" → "Who is the director of film X?" → "Who is the spouse
 * of #1?". A comparison of two named things ("Which film came out first, A or B?") gets one
 * sub-question per thing, with no bridge between them. Pure.
 */
export const HopPlanSchema = z.object({
  kind: z.enum(["chain", "parallel"]),
  /** Sub-questions in order; "#k" stands for hop k's answer (chains only). */
  hops: z.array(z.string()),
  source: z.enum(["rules", "llm"]),
});
export type HopPlan = z.infer<typeof HopPlanSchema>;

export const MAX_HOPS = 3;

// A name: capitalised words, digits or a quoted title, with the short function words titles
// carry ("Alexander and the Terrible, Horrible ... Day", "Journal of X"); or a bridge slot "#k".
// A title may end in "!" ("Love, Honor And Oh-Baby!").
const WORD = `(?:[\\p{Lu}\\d][\\p{L}\\d'’.&:-]*!?|#\\d)`;
// A dash joins a title's parts ("Malabimba – The Malicious Whore").
const GLUE = `(?:,?\\s+(?:(?:of|and|the|de|del|la|le|von|van|in|on|for|to|a|an|no|y|da|di)\\s+)*|,\\s*|\\s+[–—]\\s+)`;
const NAME = `(?:["“][^"”]{1,80}["”]|${WORD}(?:${GLUE}${WORD})*(?:\\s+\\([^)]{1,40}\\))?)`;
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
// "the association which published <...name...>": a relative clause up to the end or a comma.
const RELATIVE = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,2}?${HEAD_WORD})\\s+(which|that|who|whom|whose|where|in which)\\s+([^,?;]*?${NAME}[^,?;]*?)(?=[,?;]|$)`,
  "u",
);
// Heads whose answer is a thing with passages of its own (a person, place or organisation): only
// these make a bridge. "Uber's balance sheet" or "the rate of X" ask for a value, not a hop.
const PERSON = new RegExp(
  `(?:^|\\s)(?:${[
    "director|producer|performer|composer|author|writer|founder|creator|designer|developer|inventor|singer|actor|actress",
    "player|owner|leader|ruler|president|chairman|ceo|manager|coach|captain|editor|publisher|architect|artist|painter",
    "poet|narrator|host|presenter|star|member|partner|successor|predecessor|heir|king|queen|emperor|chief|head|person",
    "man|woman|mother|father|husband|wife|spouse|son|daughter|child|children|brother|sister|sibling|uncle|aunt",
    "grandfather|grandmother|grandson|granddaughter|nephew|niece|cousin|father-in-law|mother-in-law",
  ].join("|")})s?$`,
  "u",
);
const PLACE_OR_ORG =
  /(?:^|\s)(?:birthplace|hometown|location|area|river|lake|mountain|island|sea|ocean|continent|country|city|town|village|state|county|province|region|capital|headquarters|home|residence|company|team|club|label|publisher|university|school|college|band|group|party|league|studio|employer|owner|manufacturer|developer|organi[sz]ation|association|institution)s?$/u;
// "the village of X" names X itself: a bare kind of place before "of" is no hop.
const APPOSITIVE =
  /^(?:city|town|village|state|county|province|region|country|island|kingdom|republic|borough|district)$/u;
const bridgeHead = (head: string) => !APPOSITIVE.test(head) && (PERSON.test(head) || PLACE_OR_ORG.test(head));
const asker = (head: string) => (PERSON.test(head) ? "Who" : "What");

// What remains when the question was nothing but the description: "Who is #1?".
const TRIVIAL = /^(?:who|what|where|when|which)\s+(?:is|was|are|were)\s+#\d\s*\??$/i;
// "Which film came out first, A or B?", "Are A and B both ...", "Who was born first out of A and B?"
const COMPARE = new RegExp(
  `(?:,|\\bout of|\\bbetween|^(?:[Aa]re|[Ww]ere|[Ii]s|[Ww]as|[Dd]o|[Dd]id|[Dd]oes)(?:\\s+both)?(?:\\s+(?:the\\s+)?(?:[\\p{Ll}]+\\s+of\\s+)?(?:films?|songs?|movies?|books?|albums?|bands?|people|players?))?)\\s+(${NAME})\\s+(?:or|and)\\s+(${NAME})`,
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
function innermost(q: string): Found | null {
  const found: Found[] = [];
  const of = lastMatch(OF_DESC, q);
  if (of && bridgeHead(of[1] ?? "")) {
    found.push({
      start: of.index,
      end: of.index + of[0].length,
      sub: `${asker(of[1] ?? "")} is ${tidy(of[0])}?`,
    });
  }
  // The first match: a later start would cut a multi-word name ("Hello Love's" → "Love's").
  const pos = POSSESSIVE.exec(q);
  if (pos) {
    // "X's paternal grandfather" takes both words; "X's mother die" only the first.
    const two = pos[3] ? `${pos[2]} ${pos[3]}` : "";
    const head = two && bridgeHead(two) ? two : (pos[2] ?? "");
    const text = `${pos[1]}'s ${head}`;
    if (bridgeHead(head))
      found.push({
        start: pos.index,
        end: pos.index + pos[0].indexOf(head) + head.length,
        sub: `${asker(head)} is ${tidy(text)}?`,
      });
  }
  const rel = lastMatch(RELATIVE, q);
  const [, relHead = "", relPronoun = ""] = rel ?? [];
  // "the person who", "the city where" always name something; "the X which/that" when X would.
  const entity = ["who", "whom", "where", "in which"].includes(relPronoun) || bridgeHead(relHead);
  if (rel && entity && !OF_DESC.test(rel[3] ?? "") && !POSSESSIVE.test(rel[3] ?? "")) {
    const [text, head = "", pronoun = "", whole = ""] = rel;
    const subjectFirst = ["which", "that", "who"].includes(pronoun);
    // The clause runs to the end only when nothing of the outer question follows it ("When did
    // the state where P is located become …", "the manager who recruited B managed … what …").
    const cut = clauseEnd(whole, subjectFirst);
    const after = whole.slice(cut.length);
    const outer = WH.test(after) || WH_AUX.test(q.slice(0, rel.index));
    const clause = outer && after.trim() ? cut : whole;
    const lead = pronoun === "who" || pronoun === "whom" ? "Who" : `Which ${head}`;
    const rest = subjectFirst ? clause : `${pronoun} ${clause}`;
    const end = rel.index + text.length - (whole.length - clause.length);
    found.push({ start: rel.index, end, sub: `${lead} ${tidy(rest)}?` });
  }
  // Nested descriptions sit inside their outer one: the innermost starts last, then ends first.
  found.sort((a, b) => b.start - a.start || a.end - b.end);
  return found[0] ?? null;
}

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

// Kin reached through another relative: one step per relative ("paternal grandmother" = father's mother).
const KIN_STEPS: Readonly<Record<string, string>> = {
  "paternal grandfather": "father's father",
  "paternal grandmother": "father's mother",
  "maternal grandfather": "mother's father",
  "maternal grandmother": "mother's mother",
  "father-in-law": "spouse's father",
  "mother-in-law": "spouse's mother",
  "child-in-law": "child's spouse",
  "son-in-law": "daughter's husband",
  "daughter-in-law": "son's wife",
  stepfather: "mother's spouse",
  stepmother: "father's spouse",
};
const KIN = Object.keys(KIN_STEPS).join("|");
const KIN_OF = new RegExp(`\\bthe (${KIN}) of (${NAME})`, "u");
const KIN_POSSESSIVE = new RegExp(`(['’]s) (${KIN})\\b`, "u");

/** "X's paternal grandmother" and "the paternal grandmother of X" → "X's father's mother". */
function kinSteps(q: string): string {
  const of = KIN_OF.exec(q);
  if (of?.[1] && of[2]) return q.replace(of[0], `${of[2]}'s ${KIN_STEPS[of[1]]}`);
  return q.replace(KIN_POSSESSIVE, (_m, s: string, kin: string) => `${s} ${KIN_STEPS[kin] ?? kin}`);
}

/** A chain of hops, a parallel comparison, or null when the question has one hop. */
export function decomposeQuestion(question: string): HopPlan | null {
  const q = kinSteps(question.trim().replace(/\s+/g, " "));
  const cmp = COMPARE.exec(q);
  // Two names, not two years ("Across 2019, 2020 and 2021").
  if (cmp?.[1] && cmp[2] && !/^\d+$/.test(cmp[1]) && !/^\d+$/.test(cmp[2])) {
    // The question without its two names, asked of each: "Which film was released first <A>".
    const from = cmp.index + cmp[0].lastIndexOf(cmp[1], cmp[0].length - cmp[2].length - 1);
    const to = cmp.index + cmp[0].length;
    const ask = `${q.slice(0, from)} ${q.slice(to)}`
      .replace(/\b(?:both|either|out of|between)\b|[,?!]/gi, " ")
      .replace(/\s+/g, " ")
      .trim();
    // "Which film has the director who is older, A or B?": each name's director, then his own facts.
    const role = ask
      .split(" ")
      .map((w) => w.replace(/['’]s$/, ""))
      .find((w) => PERSON.test(w) && !/^(?:who|man|woman|person|people)$/i.test(w));
    if (role) {
      const r = role.replace(/s$/, "");
      const of = (name: string) => `${asker(r)} is the ${r} of ${name}?`;
      // What is compared, asked of each one found: "#1 who is older", "#1 from the same country".
      const tail = ask
        .slice(ask.indexOf(role) + role.length)
        .replace(/^(?:['’]s\b|s?\s+of\s+\S+)/, "")
        .trim();
      return { kind: "chain", hops: [of(cmp[1]), of(cmp[2]), `#1 ${tail}`, `#2 ${tail}`], source: "rules" };
    }
    return { kind: "parallel", hops: [`${ask} ${cmp[1]}`, `${ask} ${cmp[2]}`], source: "rules" };
  }
  const hops: string[] = [];
  let rest = q;
  while (hops.length < MAX_HOPS - 1) {
    const d = innermost(rest);
    if (!d) break;
    const slot = `#${hops.length + 1}`;
    const next = `${rest.slice(0, d.start)}${slot}${rest.slice(d.end)}`;
    if (TRIVIAL.test(next.trim())) break;
    hops.push(d.sub);
    rest = next;
  }
  if (hops.length === 0) return null;
  return { kind: "chain", hops: [...hops, rest], source: "rules" };
}

/** The offline decomposer step (the LLM one falls back to it). */
export const ruleDecomposer = async (question: string): Promise<HopPlan | null> =>
  decomposeQuestion(question);
