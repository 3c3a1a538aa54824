import type { BlockLink } from "../parsed-document.js";

export interface InlineTextOptions {
  /** Line breaks become spaces (headings, table cells). */
  singleLine?: boolean;
  /** Escape `|` so table rows stay parseable as pipe-separated cells. */
  escapePipes?: boolean;
}

/**
 * Builds one block's text from inline pieces while tracking link offsets, so a link's
 * `offset` always points at its anchor text in the final string. Pieces are joined once
 * at the end and only the last character is tracked: reading back from a growing string
 * would flatten it on every call and make large blocks quadratic.
 */
export class InlineText {
  private readonly parts: string[] = [];
  private size = 0;
  private last = "";
  private pendingSpace = false;
  private hasText = false;
  private readonly spans: { href: string; start: number; end: number }[] = [];

  constructor(private readonly options: InlineTextOptions = {}) {}

  /** Appends source text; whitespace runs collapse to one space. */
  text(value: string): void {
    const escaped = this.options.escapePipes ? value.replace(/\|/g, "\\|") : value;
    for (const piece of escaped.split(/(\s+)/)) {
      if (piece === "") continue;
      if (/^\s/.test(piece)) {
        this.pendingSpace = this.last !== "" && !/\s/.test(this.last);
      } else {
        if (this.pendingSpace) this.append(" ");
        this.append(piece);
        this.hasText = true;
      }
    }
  }

  /** Appends structural text (list markers, cell separators) verbatim. */
  raw(value: string): void {
    this.append(value);
  }

  /** A hard line break (a space in single-line mode); never doubles up. */
  newline(): void {
    if (this.options.singleLine) {
      this.text(" ");
      return;
    }
    // Drop trailing blanks (e.g. the marker of an empty list item) before the break.
    for (let part = this.parts.pop(); part !== undefined; part = this.parts.pop()) {
      const trimmed = part.replace(/[ \t]+$/, "");
      this.size -= part.length - trimmed.length;
      if (trimmed !== "") {
        this.parts.push(trimmed);
        break;
      }
    }
    this.last = this.parts.at(-1)?.at(-1) ?? "";
    this.pendingSpace = false;
    if (this.size > 0 && this.last !== "\n") this.append("\n");
  }

  /** Marks where a link's anchor text starts; pass the result to `endLink`. */
  beginLink(): number {
    return this.size;
  }

  endLink(start: number, href: string): void {
    if (href !== "") this.spans.push({ href, start, end: this.size });
  }

  /** Adds a link whose anchor text is `label` (e.g. a card's title). */
  link(href: string, label: string): void {
    const start = this.beginLink();
    this.text(label);
    this.endLink(start, href);
  }

  /** No text yet (list markers and cell separators alone do not count). */
  get isEmpty(): boolean {
    return !this.hasText;
  }

  /** The final text (trailing whitespace trimmed) and its links, anchor text trimmed. */
  finish(): { text: string; links: BlockLink[] } {
    const text = this.parts.join("").trimEnd();
    const links: BlockLink[] = [];
    for (const { href, start, end } of this.spans) {
      const span = text.slice(start, end);
      const anchor = span.trim();
      if (anchor !== "")
        links.push({ href, text: anchor, offset: start + span.length - span.trimStart().length });
    }
    return { text, links };
  }

  private append(value: string): void {
    if (value === "") return;
    this.parts.push(value);
    this.size += value.length;
    this.last = value.at(-1) ?? this.last;
    this.pendingSpace = false;
  }
}
