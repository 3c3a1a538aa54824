import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { HopState } from "../retrieve/hop-state.js";
import type { Draft } from "../schemas.js";
import { type ReaderOptions, readAnswer } from "./compose-answer.js";
import { composeChoice, parseChoice } from "./compose-choice.js";
import { composeSame, parseSame } from "./compose-yes-no.js";

/**
 * Reading a planned chain of hops. The hops already read each bridge ("Who is the director of film
 * X?" → Y) and asked the last sub-question of it ("Where was Y born?"); that resolved question is
 * what the evidence answers directly, where the whole question's words (the film, its director)
 * would pull the reader back to the first passage. The answer opens with the bridge's own statement
 * (the first hop re-read over the same evidence, cited), then the final hop's answer. Null when the
 * chain did not finish or the final read refuses: the whole question is read then. Pure.
 */
export function readHops(
  hops: HopState | undefined,
  evidence: readonly Evidence[],
  options: ReaderOptions,
  similarity: ReadonlyMap<string, number> | undefined,
  original: string,
): { draft: Draft; question: string } | null {
  const compared = readComparedPeople(original, hops, evidence);
  if (compared) return { draft: compared, question: original };
  const question = resolvedQuestion(hops);
  if (!question || !hops) return null;
  // The names the whole question states (the film, the song) are where the chain began, not its end.
  const final = readAnswer(question, evidence, options, false, similarity, original).draft;
  if (final.not_found || !final.short_answer) return null;
  // One hop only: the reader's own bridge-following would read past the bridge.
  const oneHop = { ...options, minHopScore: Number.POSITIVE_INFINITY };
  const bridges = hops.records.filter((r) => r.bridge && r.hop < hops.plan.hops.length);
  const lead = bridges.flatMap((r) => {
    const read = readAnswer(r.query, evidence, oneHop).draft;
    const first = read.sentences[0];
    const said = first && r.bridge && first.text.toLowerCase().includes(r.bridge.toLowerCase());
    return said ? [first] : [];
  });
  // The last hop reads past the bridge: an answer from the very passage the bridge came from
  // means the bridge (or the chain) was misread, and the whole question is read instead.
  const bridgeSids = new Set(lead.flatMap((s) => s.cites));
  if (lead.length === 0 || (final.sentences[0]?.cites ?? []).every((c) => bridgeSids.has(c))) return null;
  const seen = new Set<string>();
  const sentences = [...lead, ...final.sentences].filter((s) => !seen.has(s.text) && seen.add(s.text));
  return { draft: { ...final, sentences }, question };
}

/** The chain's last sub-question with every bridge filled in, or null when a hop found none. */
export function resolvedQuestion(hops: HopState | undefined): string | null {
  if (hops?.plan.kind !== "chain") return null;
  const last = hops.records.find((r) => r.hop === hops.plan.hops.length);
  // A comparison's chain ends in two parallel asks ("#1 born first", "#2 born first"): not one answer.
  const final = hops.plan.hops.at(-1) ?? "";
  if (!last || /^#\d\b/.test(final.trim())) return null;
  return /#\d/.test(last.query) ? null : last.query;
}

/**
 * "Which film has the director who is older, A or B?", "Do both films A and B have directors from
 * the same country?": the hops read each option's person (A → X, B → Y); the choice or the yes/no
 * is then read from X's and Y's own passages. Null when it is no such question or a person is unread.
 */
export function readComparedPeople(
  question: string,
  hops: HopState | undefined,
  evidence: readonly Evidence[],
): Draft | null {
  if (hops?.plan.kind !== "chain") return null;
  const choice = parseChoice(question);
  const same = choice ? null : parseSame(question);
  const options = choice?.options ?? same?.options;
  if (!options || !(choice?.role ?? same?.role)) return null;
  const people = new Map<string, string>();
  for (const option of options) {
    const hop = hops.records.find((r) => r.bridge && r.query.toLowerCase().includes(option.toLowerCase()));
    if (hop?.bridge) people.set(option, hop.bridge);
  }
  if (people.size < 2) return null;
  return choice ? composeChoice(choice, evidence, people) : same ? composeSame(same, evidence, people) : null;
}
