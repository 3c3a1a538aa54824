import { isInjectedInstruction } from "../../src/llm/injected-instruction.js";
import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { splitSentences } from "../text.js";
import { monthsOf, periodsOf, type Span, spansOf } from "./answer-spans.js";
import type { AnswerType, ExpectedAnswer } from "./answer-type.js";
import { kindPhrases } from "./kind-phrases.js";
import { type OwnLead, withOwnLeads } from "./own-lead.js";
import type { SubjectLink } from "./subject-links.js";
import { isTableText, tableCells } from "./table-cells.js";
import { tableRows } from "./table-rows.js";

/**
 * Reader step 2: candidate answers from the evidence. Each is a typed span (or, for questions
 * whose answer is a statement, a whole sentence) with the text around it that scoring reads:
 * its sentence, or for a table cell its row label and column header.
 */
export interface AnswerCandidate {
  /** The answer span; null for a sentence candidate (definition, reason, list ...). */
  span: string | null;
  type: AnswerType;
  sid: string;
  /** Rank of the evidence in the bundle (0 = first). */
  rank: number;
  /** What the span sits in: its sentence, or "row label | column header" for a table cell. */
  context: string;
  /** The text the answer quotes for it. */
  quote: string;
  /** Offset of the span in `context` (-1 for table cells and sentences). */
  at: number;
  /** Title and heading path of the evidence. */
  heading: string;
  /** Table cells: their row and column. */
  cell?: { row: string; column: string; line: string };
  /** The context runs on into the next sentence, which states no value of its own (see below). */
  window?: boolean;
  /** The opening sentence of the span's own passage, when the evidence has one (own-lead.ts). */
  lead?: OwnLead;
  /** Sentences of other documents naming the subject of the span's passage (subject-links.ts). */
  links?: readonly SubjectLink[];
  /** A prose sentence's whole passage: what locates a sentence that defines the asked thing. */
  passage?: string;
}

/** Lines that are structure, not statements: headings, table rules, fences, bare links, JSON keys. */
const NOISE = /^(#+\s|\|?\s*-{3,}|```|<[^>]+>$|import |\[[^\]]*\]\([^)]*\)$|\s*"[^"]+"\s*:)/;

/** Every candidate of the expected type in the evidence; sentences too, as statement candidates. */
export function answerCandidates(expected: ExpectedAnswer, evidence: readonly Evidence[]): AnswerCandidate[] {
  const want = spanType(expected);
  // A period asked ("during what years") is answered by two years joined, not by one date.
  // "What kind of collector …": also the words a passage describes one with (kind-phrases.ts).
  const spansIn = (text: string, type: AnswerType) =>
    expected.rule === "period"
      ? periodsOf(text)
      : expected.rule === "month"
        ? [...spansOf(text, type), ...monthsOf(text)]
        : expected.sort
          ? [...kindPhrases(text, expected.sort), ...spansOf(text, type)]
          : spansOf(text, type);
  const out: AnswerCandidate[] = [];
  evidence.forEach((e, rank) => {
    const heading = [e.title, ...e.heading_path].join(" > ");
    const base = { sid: e.sid, rank, heading };
    if (isTableText(e.text)) {
      for (const c of tableCells(e.text)) {
        const context = `${c.row} | ${c.column}`;
        const spans = want ? spansIn(c.value, want) : [];
        // Table amounts carry their unit in the caption ("in millions"): a plain number is the value asked.
        const plain = (want === "money" || want === "quantity") && /^[$(\s]*[\d,.]+\)?$/.test(c.value);
        const read = spans[0]?.type ?? (plain && want ? want : "other");
        // 27 under a "2020 to 2021 %" header reads as the amount asked, but is a percent (it never
        // gains by this: a cell already off type stays so).
        const percent = want !== "percent" && read === want && (/%/.test(c.value) || /%\W*$/.test(c.column));
        out.push({
          ...base,
          span: want ? (spans[0]?.text ?? c.value) : null,
          // A cell that is not of the wanted type still competes, as a mismatch.
          type: percent ? "percent" : read,
          context,
          quote: cellSentence(c.row, c.column, c.value),
          at: -1,
          cell: { row: c.row, column: c.column, line: c.line },
        });
      }
      // A text table's rows are records ("Error: X; Meaning: …"): the name and what it means together.
      for (const r of tableRows(e.text)) {
        out.push({ ...base, span: null, type: "other", context: r.statement, quote: r.statement, at: -1 });
        if (!want) continue;
        for (const s of dedupe(spansIn(r.statement, want)).filter((s) => !r.labels.includes(s.text)))
          out.push({
            ...base,
            span: s.text,
            type: s.type,
            context: r.statement,
            quote: r.statement,
            at: s.at,
          });
      }
    }
    // A release's notes sit under a heading naming it ("0.1.3"): asked "in which release", each
    // of its lines is read as "0.1.3: <line>".
    const release = want === "version" ? releaseOf(e.heading_path) : undefined;
    let lead = "";
    let note = "";
    const prose: string[] = [];
    for (const sentence of splitSentences(e.text)) {
      // A document's instruction to a model is data, never an answer.
      if (NOISE.test(sentence) || sentence.length < 12 || isInjectedInstruction(sentence)) continue;
      // A table's rows are read as cells above; as prose they only make fragments.
      if ((sentence.match(/\|/g) ?? []).length >= 2) continue;
      const own = sentence.replace(/^\s*[-*+]\s+/, "");
      // "... with the below command:" introduces the code line that follows: one statement; so
      // does a code comment ("// Maximum supply cannot be changed") the line right under it.
      const intro = lead || note;
      const quote = intro && isCodeLine(own) ? `${intro} ${own}` : own;
      note = COMMENT.test(own) ? own : "";
      lead = /:\s*$/.test(own) && !isCodeLine(own) ? own : "";
      out.push({ ...base, span: null, type: "other", context: quote, quote, at: -1, passage: e.text });
      prose.push(quote);
      if (release) {
        const stated = `${release}: ${quote}`;
        out.push({ ...base, span: release, type: "version", context: stated, quote: stated, at: 0 });
      }
      if (!want) continue;
      for (const s of dedupe(spansIn(quote, want)))
        out.push({ ...base, span: s.text, type: s.type, context: quote, quote, at: s.at });
    }
    // "… settled for approximately $10 million. Uber paid Google on behalf of Ron …": a value's
    // sentence and the next one, which goes on about it without a value of its own, read together.
    if (want && WINDOWED.has(want))
      prose.forEach((quote, i) => {
        const next = prose[i + 1];
        if (!next || spansIn(next, want).length > 0) return;
        const context = `${quote} ${next}`;
        for (const s of dedupe(spansIn(quote, want)))
          out.push({ ...base, span: s.text, type: s.type, context, quote: context, at: s.at, window: true });
      });
  });
  return withOwnLeads(out, evidence);
}

const WINDOWED: ReadonlySet<AnswerType> = new Set(["money", "percent", "quantity", "date", "year"]);

const COMMENT = /^\s*(?:\/\/+|#(?!#)|--\s)\s*\S/;

// A shell prompt, a few common tools, a command with subcommands and a flag ("tool sub run
// --out x"), a call, or a declaration; no product's own CLI name.
const isCodeLine = (line: string): boolean =>
  /^(?:\$\s|npm |npx |pip |python |cargo |git |curl |[a-z][\w-]*(?: [a-z][\w-]*){0,3} --?[a-z]|[\w:]+\(|let |fun |public |use |module |struct )/.test(
    line.trim(),
  ) || /`[^`]+`/.test(line);

/** The span type to look for; null when the answer is a statement, not a span. */
export function spanType(expected: ExpectedAnswer): AnswerType | null {
  const t = expected.type === "comparison" || expected.type === "yes_no" ? expected.value : expected.type;
  switch (t) {
    case "money":
    case "percent":
    case "quantity":
    case "date":
    case "year":
    case "version":
    case "code":
    case "person":
    case "organisation":
    case "place":
      return t;
    // "What government position was held by …?": no wh-word says the kind, but the answer is
    // most often a name; the sentence holding it is quoted either way.
    case "other":
      return "organisation";
    default:
      return null;
  }
}

/** A table cell as a short statement: "Goodwill (As of December 31, 2021): $ 8,420". */
export function cellSentence(row: string, column: string, value: string): string {
  const r = row.replace(/\s*\(\d\)\s*$/, "").trim();
  return column ? `${r} (${column}): ${value}` : `${r}: ${value}`;
}

function dedupe(spans: readonly Span[]): Span[] {
  const seen = new Set<string>();
  return spans.filter((s) => !seen.has(s.text) && seen.add(s.text));
}

/** The nearest heading that opens with a version ("0.1.3", "v2.0.1 (2024-05-01)", "[1.2.0]"), if any. */
function releaseOf(headingPath: readonly string[]): string | undefined {
  for (const h of [...headingPath].reverse()) {
    // The heading is the version, with at most a date beside it: "3.3 Access functions" numbers a section.
    const v = spansOf(h.trim(), "version")[0];
    const rest = v ? h.trim().slice(v.at + v.text.length) : "";
    if (v && v.at <= 1 && !/\p{L}{3,}/u.test(rest.replace(MONTHS, ""))) return v.text;
  }
  return undefined;
}

const MONTHS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/gi;
