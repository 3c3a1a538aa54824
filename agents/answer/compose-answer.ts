import { type Evidence, passagesOf } from "../../src/retrieval/context-bundle.js";
import type { AnswerSentence, Draft } from "../schemas.js";
import { contentTerms } from "../text.js";
import { type AnswerCandidate, answerCandidates, cellSentence, spanType } from "./answer-candidates.js";
import { type ExpectedAnswer, expectedAnswer } from "./answer-type.js";
import { bridgeQuery, hasBridge, MAX_HOPS, nextHop } from "./compose-bridge.js";
import { composeChoice, composeSame, parseChoice, parseSame } from "./compose-choice.js";
import { composeList } from "./compose-list.js";
import { says, wordsIn } from "./phrase-match.js";
import {
  type QuestionCues,
  questionCues,
  rankCandidates,
  type ScoredCandidate,
  withTermWeights,
} from "./score-candidates.js";

/**
 * Reader step 4, the composer: the direct answer first (the winning span in a short statement,
 * cited), then at most two supporting sentences; a comparison states both values and the change;
 * "not found" when the best candidate does not answer (answerability). Pure.
 */
export interface ReaderOptions {
  /** The best candidate must have this share of the question's terms in its sentence or heading. */
  minSupport: number;
  /** The best candidate's score must reach this (all parts of the score together). */
  minScore: number;
  /** A hop past a bridge must score at least this to replace the first answer. */
  minHopScore: number;
  /** Supporting sentences must reach this share of the best candidate's score. */
  keepRatio: number;
  /** Supporting sentences after the direct answer. */
  maxSupporting: number;
  /** A span may cover this much less of the question than the best sentence and still win. */
  spanSlack: number;
}

export const DEFAULT_READER: ReaderOptions = {
  minSupport: 0.1,
  minScore: 0.48,
  minHopScore: 0.4,
  keepRatio: 0.75,
  maxSupporting: 2,
  spanSlack: 0.4,
};

export interface ReaderResult {
  draft: Draft;
  expected: ExpectedAnswer;
  /** Why the reader answered or refused, for the trace. */
  reason: string;
}

export function readAnswer(
  question: string,
  evidence: readonly Evidence[],
  options: ReaderOptions = DEFAULT_READER,
  /** The route asks for an overview (global): answer with one passage's items. */
  overview = false,
  /** Cosine of candidate contexts to the question (see contextsToEmbed), when an embedder is at hand. */
  similarity?: ReadonlyMap<string, number>,
): ReaderResult {
  const expected = expectedAnswer(question);
  const cues = { ...readerCues(question, evidence), ...(similarity ? { similarity } : {}) };
  const named = namedSids(evidence);
  evidence = evidence.map(readable);
  const refuse = (reason: string): ReaderResult => ({
    draft: { sentences: [], not_found: true, short_answer: null },
    expected,
    reason,
  });
  // A choice between two named things, or whether two share a place: read each one's passage.
  const choice = parseChoice(question);
  const chosen = choice ? composeChoice(choice, evidence) : null;
  if (chosen) return { draft: chosen, expected, reason: `choice: ${chosen.short_answer}` };
  const same = parseSame(question);
  const judged = same ? composeSame(same, evidence) : null;
  if (judged) return { draft: judged, expected, reason: `same place: ${judged.short_answer}` };
  if (overview || expected.type === "list") {
    const list = composeList(evidence, cues);
    if (!list) return refuse("no passage to list from");
    if (list.support < options.minSupport)
      return refuse(`the best list passage covers ${pct(list.support)} of the question's terms`);
    return {
      draft: { sentences: list.sentences, not_found: false, short_answer: null },
      expected,
      reason: `list from ${list.sentences[0]?.cites.join(",")}, support ${list.support.toFixed(2)}`,
    };
  }
  const ranked = rankCandidates(answerCandidates(expected, evidence), cues);
  const want = spanType(expected);
  const bestSpan = want ? ranked.find((c) => c.span !== null) : undefined;
  const bestSentence = ranked.find((c) => c.span === null);
  // A span whose sentence says less than the best sentence is likely of the wrong kind: say the sentence.
  const best =
    bestSpan && (!bestSentence || bestSpan.support >= bestSentence.support - options.spanSlack)
      ? bestSpan
      : bestSentence;
  if (!best) return refuse("no candidate in the evidence");
  const gate = answerability(best, cues, evidence, options);
  if (gate) return refuse(gate);
  const first: AnswerSentence = {
    text: directStatement(best, ranked, cues),
    cites: [...new Set([best.sid, ...(named.get(best.sid) ?? [])])],
  };
  // A bridge question: read on from the first answer's own passage, citing each hop.
  const hops: ScoredCandidate[] = [];
  const bridge = hasBridge(question) ? firstName(cues, evidence) : undefined;
  for (let at = bridge; at && hops.length < MAX_HOPS; ) {
    const next = nextHop(at, expected, cues, evidence, options.minHopScore);
    if (!next || hops.some((h) => h.sid === next.sid)) break;
    hops.push(next);
    at = next;
  }
  const last = hops.at(-1);
  if (last && bridge) {
    const via = { text: shorten(bridge.quote, bridge.at), cites: [bridge.sid] };
    const chain = [...hops].reverse().map((h) => ({ text: shorten(h.quote, h.at), cites: [h.sid] }));
    if (!chain.some((c) => c.text === via.text)) chain.push(via);
    return {
      draft: { sentences: chain, not_found: false, short_answer: last.span },
      expected,
      reason: `${expected.type}: ${bridge.span} (${bridge.sid}) → ${hops.map((h) => `${h.span} (${h.sid})`).join(" → ")}`,
    };
  }
  const sentences = [first, ...supporting(best, ranked, first.text, options)];
  return {
    draft: { sentences, not_found: false, short_answer: best.span },
    expected,
    reason: `${expected.type} (${expected.rule}): ${best.span ?? "sentence"} from ${best.sid}, support ${best.support.toFixed(2)} near ${best.near.toFixed(2)} score ${best.score.toFixed(2)} absent ${cues.terms.filter((t) => !evidence.some((e) => contentTerms(`${e.heading_path.join(" ")} ${e.text}`).includes(t))).join("/")}`,
  };
}

/**
 * The next hop to retrieve for a bridge question: the first reading's answer when it is a name
 * with no passage of its own here (see compose-bridge.ts), or null.
 */
export function nextHopQuery(
  question: string,
  evidence: readonly Evidence[],
): { bridge: string; query: string } | null {
  if (!hasBridge(question)) return null;
  const readableEvidence = evidence.map(readable);
  return bridgeQuery(question, firstName(readerCues(question, evidence), readableEvidence), readableEvidence);
}

/** The bridge of a multi-hop question: the best name the evidence offers, whatever is finally asked. */
function firstName(cues: QuestionCues, evidence: readonly Evidence[]): ScoredCandidate | undefined {
  const names: ExpectedAnswer = { type: "other", value: "other", rule: "bridge" };
  // One capitalised word opening a sentence ("However") is more often grammar than a name.
  return rankCandidates(answerCandidates(names, evidence), cues).find(
    (c) => c.span !== null && (c.span.includes(" ") || c.at > 0),
  );
}

/** Question cues with term weights from the passages (graph items repeat their words). */
function readerCues(question: string, evidence: readonly Evidence[]): QuestionCues {
  return withTermWeights(
    questionCues(question, expectedAnswer(question)),
    passagesOf(evidence).map((e) => `${e.heading_path.join(" ")} ${e.text}`),
  );
}

/** The passages a graph item names ("(S1)"): an answer taken from the item cites them too. */
function namedSids(evidence: readonly Evidence[]): Map<string, string[]> {
  return new Map(
    evidence.map((e) => [
      e.sid,
      e.kind && e.kind !== "passage" ? [...e.text.matchAll(/\((S\d+)\)/g)].map((m) => m[1] ?? "") : [],
    ]),
  );
}

/** A graph item as the reader quotes it: without "(S1)" markers or a path's "From A to B:" lead. */
function readable(e: Evidence): Evidence {
  if (!e.kind || e.kind === "passage") return e;
  // A path stays one statement: its hops read together are what links the question to the answer.
  const text = e.text.replace(/\s*\(S\d+\)/g, "").replace(/^From [^:]{1,120}:\s*/, "");
  return { ...e, text };
}

/**
 * The candidate contexts worth embedding for a question: the best `limit` distinct ones by the
 * lexical score, so the query-time embedding cost stays bounded.
 */
export function contextsToEmbed(question: string, evidence: readonly Evidence[], limit = 40): string[] {
  const cues = readerCues(question, evidence);
  const out = new Set<string>();
  for (const c of rankCandidates(answerCandidates(cues.expected, evidence.map(readable)), cues)) {
    if (out.size >= limit) break;
    out.add(c.context);
  }
  return [...out];
}

/**
 * Why the best candidate cannot be the answer, or null when it can. Every name the question states
 * must appear in the evidence; a name most passages share is the documents' topic ("the company"),
 * but a rarer one must be in the answer's own passage, and so must most of the numbers it states.
 */
function answerability(
  best: ScoredCandidate,
  cues: QuestionCues,
  evidence: readonly Evidence[],
  options: ReaderOptions,
): string | null {
  if (best.score < options.minScore)
    return `best candidate scores ${best.score.toFixed(2)} (< ${options.minScore}): nothing answers the question well`;
  if (best.support < options.minSupport)
    return `best candidate covers ${pct(best.support)} of the question's terms (< ${pct(options.minSupport)})`;
  // The source's address counts: a file named after the company names it.
  const texts = evidence.map((e) =>
    `${sourceOf(e)} ${e.title} ${e.heading_path.join(" ")} ${e.text}`.toLowerCase(),
  );
  const named = (n: string) => texts.filter((t) => says(t, n) || wordsIn(t, n)).length;
  const absent = cues.names.filter((n) => named(n) === 0);
  if (absent.length > 0) return `the evidence never names ${absent.join(", ")}`;
  const at = evidence.findIndex((e) => e.sid === best.sid);
  const own = texts[at] ?? "";
  const home = evidence[at];
  // Where a name counts as said for the answer: its passage, its section, or most of its document.
  const sameSection = texts.filter((_, i) => evidence[i]?.section_id === home?.section_id);
  const sameDoc = texts.filter((_, i) => evidence[i]?.doc_id === home?.doc_id);
  const has = (t: string, n: string) => says(t, n) || wordsIn(t, n);
  // A bridge: another passage names both the question's thing and the answer passage's subject
  // ("the film X" → its director's passage): the multi-hop question reached the answer through it.
  const subject = home?.heading_path.at(-1)?.toLowerCase() ?? "";
  const bridged = (n: string) =>
    subject.length > 2 && texts.some((t, i) => i !== at && has(t, n) && has(t, subject));
  const missing = cues.names.filter(
    (n) =>
      !sameSection.some((t) => has(t, n)) &&
      sameDoc.filter((t) => has(t, n)).length < sameDoc.length / 2 &&
      !bridged(n),
  );
  if (missing.length > 0) return `the answer's passage never names ${missing.join(", ")}`;
  const nums = new Set((own.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,/g, "")));
  // Small whole numbers ("0% notes", "two") are wording, not facts to find.
  const unstated = cues.numbers.filter((n) => !nums.has(n) && (Number(n) >= 10 || n.includes(".")));
  if (unstated.length > cues.numbers.length / 2)
    return `the answer's passage never states ${unstated.join(", ")}`;
  return null;
}

const sourceOf = (e: Evidence): string => (e.citation.kind === "url" ? e.citation.url : e.citation.uri);

/** The direct answer: a cell as "row (column): value", a comparison with both values, or its sentence. */
function directStatement(
  best: ScoredCandidate,
  ranked: readonly ScoredCandidate[],
  cues: QuestionCues,
): string {
  if (best.cell) {
    if (cues.expected.type === "comparison") {
      const pair = ranked.find(
        (c) =>
          c.cell &&
          c.sid === best.sid &&
          c.cell.row === best.cell?.row &&
          c.cell.column !== best.cell?.column,
      );
      if (pair?.cell && pair.span) return comparisonStatement(best, pair);
    }
    return best.quote;
  }
  return shorten(best.quote, best.at);
}

/** "R&D (2019): 4,836; (2021): 2,054 — a change of −2,782 (−57.5%)". */
function comparisonStatement(a: ScoredCandidate, b: ScoredCandidate): string {
  const [x, y] = [a, b].sort((p, q) => (p.cell?.column ?? "").localeCompare(q.cell?.column ?? ""));
  if (!x?.cell || !y?.cell || !x.span || !y.span) return a.quote;
  const vx = amount(x.span);
  const vy = amount(y.span);
  const change =
    vx !== null && vy !== null
      ? `, a change of ${fmt(vy - vx)}${vx !== 0 ? ` (${fmt(((vy - vx) / Math.abs(vx)) * 100)}%)` : ""}`
      : "";
  return `${cellSentence(x.cell.row, x.cell.column, x.span)}; ${y.cell.column}: ${y.span}${change}`;
}

/** The number a cell states: "(0.29)" → -0.29, "$ 8,420" → 8420. */
export function amount(s: string): number | null {
  const m = s.replace(/[$€£\s,]/g, "").match(/^(\()?(-)?(\d+(?:\.\d+)?)\)?%?$/);
  if (!m) return null;
  const v = Number(m[3]);
  return m[1] || m[2] ? -v : v;
}

const fmt = (x: number): string => {
  const r = Math.round(x * 100) / 100;
  return `${r > 0 ? "+" : ""}${r.toLocaleString("en-US")}`;
};

/** A long sentence cut to the clause window around the span (at most about 45 words). */
function shorten(sentence: string, at: number): string {
  const words = sentence.split(/\s+/);
  if (words.length <= 45 || at < 0) return sentence;
  let pos = 0;
  let i = 0;
  while (i < words.length && pos + (words[i]?.length ?? 0) < at) pos += (words[i++]?.length ?? 0) + 1;
  const from = Math.max(0, i - 22);
  const cut = words.slice(from, from + 45).join(" ");
  return `${from > 0 ? "… " : ""}${cut}${from + 45 < words.length ? " …" : ""}`;
}

/** Up to `maxSupporting` sentences that add question terms the answer does not cover yet. */
function supporting(
  best: ScoredCandidate,
  ranked: readonly ScoredCandidate[],
  firstText: string,
  options: ReaderOptions,
): AnswerSentence[] {
  const out: AnswerSentence[] = [];
  const used = new Set([firstText, best.quote]);
  for (const c of ranked) {
    if (out.length >= options.maxSupporting) break;
    if (c.span !== null || used.has(c.quote)) continue;
    if (c.score < best.score * options.keepRatio || c.near < 0.34) continue;
    used.add(c.quote);
    out.push({ text: shorten(c.quote, -1), cites: [c.sid] });
  }
  return out;
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

export type { AnswerCandidate };
