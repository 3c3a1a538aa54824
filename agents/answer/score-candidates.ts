import { withAgreement } from "./agreement.js";
import type { AnswerCandidate } from "./answer-candidates.js";
import { kindFit } from "./answer-kind.js";
import { isBareNumber } from "./answer-spans.js";
import { headFit } from "./asked-head.js";
import {
  AMOUNTS,
  lifeDateFit,
  namedByTerm,
  notAName,
  phraseNamed,
  ROLE_STEMS,
  relationFit,
  statedYearFit,
  termProximity,
  unitFit,
} from "./candidate-features.js";
import { inQuestion, knownAlias } from "./in-question.js";
import { makerRoleFit } from "./maker-role.js";
import { leadHeadFit } from "./own-lead.js";
import { bareNum, nameShare, numberShare, type QuestionCues, termShare } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import { definesAsked, SHAPE } from "./statement-shape.js";
import { linkedShares } from "./subject-links.js";

/**
 * Reader step 3: scores candidates against the question. Pure and deterministic. The parts:
 * question terms near the span (same sentence, or the cell's row and column), terms only the
 * heading carries, the names and numbers the question states, type match, evidence rank.
 */
export interface ScoredCandidate extends AnswerCandidate {
  score: number;
  /** Share of the question's terms in the span's own context, or its heading. */
  near: number;
  /** Share of the question's terms in context ∪ heading: the answerability signal. */
  support: number;
  /** Share of the question's names found in context ∪ heading. */
  names: number;
  /** Share of the question's numbers found in the context. */
  stated: number;
  /** The other document's sentence the span was read with, when that scored it (subject-links.ts). */
  link?: string;
}

export function scoreCandidate(c: AnswerCandidate, q: QuestionCues): ScoredCandidate {
  const ctx = new Set(readerTerms(c.context));
  const head = new Set(readerTerms(c.heading));
  const share = termShare(q);
  // A cell's context is its row and column; the table's caption and headings belong to it too.
  const near = c.cell ? share((t) => ctx.has(t) || head.has(t)) : share((t) => ctx.has(t));
  const ownSupport = share((t) => ctx.has(t) || head.has(t));
  const typed = c.span !== null;
  // "What science fantasy series …?": the span its sentence calls a science fantasy series.
  // Or its own passage does, where the sentence read says only what it did ("hosted by Jo Vale").
  const sentenceFit = typed && c.span !== null ? headFit(c.context, c.at, c.span, q.head, q.names) : 0;
  const named = sentenceFit || (typed ? leadHeadFit(c.lead, q.head, q.names) : 0);
  // A span of a passage another document links to, read with the linking sentence; or a span its
  // sentence calls the thing asked, read with the passage that sentence names (subject-links.ts).
  const linked = linkedShares(c, q, ctx, head, sentenceFit > 0);
  const support = Math.max(ownSupport, linked?.support ?? 0);
  // A cell whose row label shares no question term is just another number of the table.
  const rowTerms = c.cell ? new Set(readerTerms(c.cell.row)) : undefined;
  const rowMiss = rowTerms && !q.terms.some((t) => rowTerms.has(t)) ? 0.25 : 0;
  // Of rows naming the asked thing, the one that is just that thing ("Revenue") wins over one
  // naming it in passing ("Cost of revenue, exclusive of depreciation …"): the label's share asked,
  // counted as far as the row covers the question (a tie-breaker between rows that answer it).
  const labelFit =
    rowTerms && rowTerms.size > 0
      ? [...rowTerms].filter((t) => q.terms.includes(t)).length / rowTerms.size
      : 0;
  // Between cells of one row, the column whose header says what is asked ("End of Period") wins.
  const colTerms = c.cell ? new Set(readerTerms(c.cell.column)) : undefined;
  const colHit = colTerms ? share((t) => colTerms.has(t)) : 0;
  const lower = `${c.context} ${c.heading}`.toLowerCase();
  const names = Math.max(nameShare(q, lower), LINK_DISCOUNT * (linked?.names ?? 0));
  // A number in the heading ("2025 Convertible Notes") is stated for every line under it.
  const ctxNums = new Set((`${c.context} ${c.heading}`.match(/\d+(?:[.,]\d+)*/g) ?? []).map(bareNum));
  const stated = Math.max(numberShare(q, ctxNums), LINK_DISCOUNT * (linked?.stated ?? 0));
  // "How many merchants …" counts things: a share or a change in percent is no count of them.
  const countOnly = c.type === "percent" && q.expected.value === "quantity" && COUNT.test(q.lower);
  const typeFit = !typed
    ? 0
    : c.type === q.expected.value || c.type === q.expected.type
      ? 1
      : c.type === "other" || countOnly
        ? -1
        : 0.5;
  // A bare number for a money or count question is weaker than "$449" or "157 people".
  const bare =
    typed &&
    c.span !== null &&
    isBareNumber(c.span) &&
    c.cell === undefined &&
    !namedByTerm(c.context, c.at, q)
      ? 0.1
      : 0;
  const proximity = typed && c.at >= 0 ? termProximity(c.context, c.at, q) : typed ? 0.5 : 0;
  // "9 cycles" for "how many cycles": the count's own noun is what the question counts.
  const unit = c.type === "quantity" && c.span ? unitFit(c.span, q) : 0;
  const fragment = !typed && c.context.split(/\s+/).length < 6 ? 0.15 : 0;
  // One capitalised word opening its sentence ("Born", "His") is more often grammar than a name
  // (unless the sentence goes on to call it what is asked: "Drifting is a driving technique".)
  const opener = typed && c.at === 0 && c.span !== null && !/[\s\d]/.test(c.span) && named === 0 ? 0.15 : 0;
  // A span said twice in one statement is the bridge between its parts ("X is powered by V8; V8 is
  // built by Y"), not what the question asks for.
  const bridge =
    typed && c.span !== null && c.span.length > 2 && c.context.split(c.span).length > 2 ? 0.2 : 0;
  const shape = !typed && SHAPE[q.expected.type]?.test(c.context) ? 0.1 : 0;
  // "… describes the unsafe condition as seizing of …": the sentence says what the asked thing is.
  const defines = !typed && q.asked && definesAsked(c.context, q.asked) ? 0.15 : 0;
  // Such a sentence is located by its passage: the question's other words (the document's names,
  // "the proposed AD for X") are said around it, where a summary sentence says them all at once.
  const around = defines > 0 ? new Set(readerTerms(c.passage ?? "")) : undefined;
  const located = around ? share((t) => ctx.has(t) || head.has(t) || around.has(t)) : 0;
  const life =
    typed && c.span !== null
      ? lifeDateFit(c.context, c.at, c.span, q) +
        (AMOUNTS.includes(c.type) ? statedYearFit(c.context, c.at, c.span, q) : 0)
      : 0;
  // "in what county" wants "Fairfax County", "what nationality" a demonym.
  const kind =
    (c.type === "place" && c.span !== null ? kindFit(c.span, q.expected.kind) : 0) +
    (typed ? relationFit(c.context, c.at, q) + phraseNamed(c.context, c.at, c.type, q) : 0) +
    named;
  // "directed by Y", "a song by Y": the person a role question asks for follows "by".
  // So does the doer of the question's own act: "Who introduced X?" over "a bill introduced in
  // the House by Y" (the act's participle within ten words before "by").
  const byWhom = c.type === "person" && /\bby\s+$/i.test(c.context.slice(0, c.at));
  const acted =
    byWhom &&
    c.context
      .slice(0, c.at)
      .split(/\s+/)
      .slice(-11, -1)
      .some((w) => /ed$/i.test(w) && readerTerms(w).some((t) => q.terms.includes(t)));
  const agent = byWhom && (q.terms.some((t) => ROLE_STEMS.has(t)) || acted) ? 0.08 : 0;
  // "directed by A, written by B" for "What screenwriter …?": the maker of the role asked.
  const maker = typed && c.span !== null ? makerRoleFit(c.context, c.at, q) : 0;
  // Meaning beyond shared words: bge-style cosines sit in 0.5–0.9, so rescale that band to 0–1.
  const cos = q.similarity?.get(c.context);
  const sim = cos === undefined ? 0 : Math.min(1, Math.max(0, (cos - SIM_FLOOR) / (1 - SIM_FLOOR - 0.1)));
  const score =
    0.42 * Math.max(near, located, LINK_DISCOUNT * (linked?.near ?? 0)) +
    0.14 * (ownSupport - near) +
    0.16 * names +
    0.12 * stated +
    0.08 * typeFit +
    0.06 * proximity +
    0.04 / (1 + c.rank) +
    0.05 * colHit +
    LABEL_WEIGHT * labelFit * near +
    unit -
    bridge -
    opener +
    shape +
    defines +
    life +
    kind +
    agent +
    maker +
    SIM_WEIGHT * sim -
    fragment -
    // Two sentences cover more words by length alone: the window must gain more than that.
    (c.window ? WINDOW_COST : 0) -
    bare -
    notAName(c, q) -
    rowMiss -
    (c.context.split(/\s+/).length > 70 ? 0.05 : 0);
  const read = { ...c, score: Math.round(score * 10000) / 10000, near, support, names, stated };
  return linked ? { ...read, link: linked.link } : read;
}

const WINDOW_COST = 0.05;
// A bridge read over two documents is worth less than one sentence saying it all (HotpotQA dev,
// reader on the gold passages: short F1 .448 → .465 at 0.8; .461 at 0.7, .455 at 0.9).
const LINK_DISCOUNT = 0.8;
const COUNT = /\bhow many\b|\bnumber of\b|сколько\s+(?!стои|процент)/;
const LABEL_WEIGHT = 0.05;
const SIM_FLOOR = 0.5;
const SIM_WEIGHT = 0.1;

/** Scored candidates, best first; spans the question itself states are left out. */
export function rankCandidates(candidates: readonly AnswerCandidate[], q: QuestionCues): ScoredCandidate[] {
  const scored = candidates
    .filter((c) => c.span === null || !(inQuestion(c.span, q) || knownAlias(c, q)))
    .map((c) => scoreCandidate(c, q));
  return withAgreement(scored, q).sort(
    (a, b) => b.score - a.score || a.rank - b.rank || a.quote.localeCompare(b.quote),
  );
}
