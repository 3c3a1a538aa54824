import type { BlockInput } from "../../parsed-document.js";
import { captionStart } from "./captions.js";
import { codeText, isCodeLine } from "./code-lines.js";
import { attachCaptions, type Draft, mergeLists, type PageSize, titleHint, toBlock } from "./drafts.js";
import {
  type BodyStyle,
  bodyStyles,
  headingCells,
  headingDraft,
  headingStyle,
  headingText,
  isCapsText,
  rankHeadings,
  TRAILING_FUNCTION_WORD,
} from "./headings.js";
import {
  bulletGlyph,
  continuesParagraph,
  hyphenatedWords,
  joinLines,
  lineLeading,
  tightPitch,
} from "./paragraphs.js";
import { renderTable } from "./table-rows.js";
import type { Line, Unit } from "./types.js";

const sameStyle = (a: Line, b: Line) =>
  Math.abs(a.style.size - b.style.size) < 0.3 &&
  a.style.bold === b.style.bold &&
  a.style.italic === b.style.italic;

/**
 * Walks the units in reading order and cuts them into drafts: tables, captions, code,
 * headings, paragraphs and list items.
 */
class Walker {
  readonly drafts: Draft[] = [];
  private readonly body: Map<number, BodyStyle>;
  private readonly leading: Map<number, number>;
  private readonly compounds: Set<string>;

  constructor(private readonly units: readonly Unit[]) {
    const lines = units.flatMap((u) => (u.kind === "line" ? [u.line] : []));
    this.body = bodyStyles(lines);
    this.leading = lineLeading(lines);
    this.compounds = hyphenatedWords(lines);
  }

  private lineAt(i: number): Line | undefined {
    const u = this.units[i];
    return u?.kind === "line" ? u.line : undefined;
  }

  private bodyAt(page: number): BodyStyle {
    return this.body.get(page) ?? { size: 10, bold: false };
  }

  private candidate(line: Line): boolean {
    if (isCodeLine(line) || !headingCells(line) || !headingText(line.text, false)) return false;
    return headingStyle(line, this.bodyAt(line.page));
  }

  /** Takes lines from `i` on while `accept(last, next)` holds; returns them and the index after. */
  private take(i: number, max: number, accept: (last: Line, next: Line) => boolean): [Line[], number] {
    const first = this.lineAt(i);
    if (!first) return [[], i];
    const lines = [first];
    let j = i + 1;
    for (let next = this.lineAt(j); next && lines.length < max; next = this.lineAt(++j)) {
      // Footnotes and body text never share a block.
      if (Boolean(next.note) !== Boolean(first.note) || !accept(lines[lines.length - 1] ?? first, next))
        break;
      lines.push(next);
    }
    return [lines, j];
  }

  private join(lines: readonly Line[]): string {
    return joinLines(
      lines.map((l) => l.text),
      this.compounds,
    );
  }

  run(): Draft[] {
    let i = 0;
    while (i < this.units.length) {
      const unit = this.units[i];
      if (!unit) break;
      if (unit.kind === "table") {
        this.drafts.push({ type: "table", lines: unit.table.lines, text: renderTable(unit.table.rows) });
        i++;
      } else i = this.line(i, unit.line);
    }
    return this.drafts;
  }

  private line(i: number, line: Line): number {
    const cap = captionStart(line.text);
    if (cap) {
      const [lines, j] = this.take(i, 5, (last, next) => {
        return (
          next.region === last.region &&
          !captionStart(next.text) &&
          continuesParagraph(last, next, this.leading)
        );
      });
      this.drafts.push({ type: "caption", captionKind: cap.kind, lines, text: this.join(lines) });
      return j;
    }
    if (isCodeLine(line)) {
      const [lines, j] = this.take(i, Number.POSITIVE_INFINITY, (last, next) => {
        return (
          isCodeLine(next) && next.region === last.region && next.base - last.base < 2.5 * next.style.size
        );
      });
      this.drafts.push({ type: "code", lines, text: codeText(lines) });
      return j;
    }
    if (this.candidate(line)) {
      const [lines, j] = this.take(i, 4, (last, next) => this.headingGoesOn(last, next));
      const text = this.join(lines);
      if (lines.length <= 3 && headingText(text)) {
        this.drafts.push({
          type: "heading",
          lines,
          text,
          heading: headingDraft(lines, text, this.bodyAt(line.page)),
        });
        return j;
      }
    }
    return this.paragraph(i, line);
  }

  /** A paragraph; one broken by footnotes at a column's foot reads on after them, and they follow it. */
  private paragraph(i: number, line: Line): number {
    const accept = (last: Line, next: Line) => {
      if (captionStart(next.text) || isCodeLine(next) || Boolean(next.note) !== Boolean(last.note))
        return false;
      // A run of bold lines longer than a heading stays one (emphasised) paragraph.
      if (this.candidate(next) && !(this.candidate(last) && sameStyle(last, next))) return false;
      return continuesParagraph(last, next, this.leading);
    };
    const [lines, j] = this.take(i, Number.POSITIVE_INFINITY, accept);
    const skipped: Array<[number, number]> = [];
    let end = j;
    for (;;) {
      let k = end;
      while (this.lineAt(k)?.note) k++;
      const last = lines[lines.length - 1];
      const next = this.lineAt(k);
      if (k === end || !last || last.note || !next || !accept(last, next)) break;
      skipped.push([end, k]);
      const [more, after] = this.take(k, Number.POSITIVE_INFINITY, accept);
      lines.push(...more);
      end = after;
    }
    this.drafts.push({ type: bulletGlyph(line.text) ? "list" : "paragraph", lines, text: this.join(lines) });
    for (const [from, to] of skipped) {
      for (let n = from; n < to; ) {
        const note = this.lineAt(n);
        n = note ? Math.min(this.line(n, note), to) : n + 1;
      }
    }
    return end;
  }

  /**
   * A heading wraps when its line is long, centred or visibly unfinished; a paragraph gap
   * or a change between capitals and mixed case ends it.
   */
  private headingGoesOn(last: Line, next: Line): boolean {
    if (next.region !== last.region || !sameStyle(last, next) || !headingCells(next)) return false;
    if (isCapsText(last.text) !== isCapsText(next.text)) return false;
    const centred = Math.abs(last.x0 + last.x1 - next.x0 - next.x1) < 6;
    const wrapped =
      centred ||
      last.x1 - last.x0 >= 0.5 * (last.regionX1 - last.regionX0) ||
      /^\p{Ll}/u.test(next.text) ||
      /[-,&]$/.test(last.text) ||
      TRAILING_FUNCTION_WORD.test(last.text);
    const tight =
      tightPitch(last, next, this.leading) || (centred && next.base - last.base < 1.6 * next.style.size);
    return wrapped && tight;
  }
}

export interface Assembled {
  blocks: BlockInput[];
  titleHint?: string;
}

/** Blocks in reading order from the document's units: headings, paragraphs, lists, code, tables, figures. */
export function assembleBlocks(units: readonly Unit[], pages: ReadonlyMap<number, PageSize>): Assembled {
  const drafts = mergeLists(attachCaptions(new Walker(units).run()));
  const headings = drafts.flatMap((d) => (d.heading ? [d.heading] : []));
  rankHeadings(headings);
  for (const d of drafts) if (d.heading && !d.heading.accepted) d.type = "paragraph";
  const blocks = drafts
    .filter((d) => d.text.trim() !== "" && d.lines.length > 0)
    .map((d) => toBlock(d, pages));
  const hint = titleHint(headings);
  return hint ? { blocks, titleHint: hint } : { blocks };
}
