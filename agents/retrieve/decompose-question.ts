import { z } from "zod";

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

import { asker, PERSON } from "./bridge-head.js";
import { innermost } from "./hop-description.js";
import { NAME } from "./hop-patterns.js";
import { indefiniteHop } from "./indefinite-hop.js";

// What remains when the question was nothing but the description: "Who is #1?".
const TRIVIAL =
  /^(?:(?:who|what|where|when|which)\s+(?:is|was|are|were)|(?:who|what|where)['’]s)\s+#\d\s*\??$/i;
// "Which film came out first, A or B?", "Are A and B both ...", "Who was born first out of A and B?"
const COMPARE = new RegExp(
  `(?:,|\\bout of|\\bbetween|^(?:[Aa]re|[Ww]ere|[Ii]s|[Ww]as|[Dd]o|[Dd]id|[Dd]oes)(?:\\s+both)?(?:\\s+(?:the\\s+)?(?:[\\p{Ll}]+\\s+of\\s+)?(?:films?|songs?|movies?|books?|albums?|bands?|people|players?))?)\\s+(${NAME})\\s+(?:or|and)\\s+(${NAME})`,
  "u",
);

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
  // "This singer of X also voiced what?": a question opening on "this" + noun describes its subject.
  const q = kinSteps(
    question
      .trim()
      .replace(/\s+/g, " ")
      .replace(
        /^This(?=\s+\p{Ll})(?!\s+(?:is|was|has|had|does|did|can|could|will|would|may|might)\b)/u,
        "The",
      ),
  );
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
  if (hops.length === 0) {
    const bridge = indefiniteHop(q);
    return bridge ? { kind: "chain", hops: [bridge.bridge, bridge.rest], source: "rules" } : null;
  }
  return { kind: "chain", hops: [...hops, rest], source: "rules" };
}

/** The offline decomposer step (the LLM one falls back to it). */
export const ruleDecomposer = async (question: string): Promise<HopPlan | null> =>
  decomposeQuestion(question);
