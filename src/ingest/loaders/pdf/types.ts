/** Geometry is in PDF points with the origin at the page's top-left corner (y grows downwards). */
export interface Box {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/** One horizontal text item from pdf.js, positioned on its page. */
export interface Run extends Box {
  text: string;
  /** Baseline y. */
  base: number;
  size: number;
  font: string;
  bold: boolean;
  italic: boolean;
  /** A fixed-pitch font (pdf.js's fallback family): code, not prose. */
  mono: boolean;
}

/** Runs on one baseline without a wide gap between them: a phrase, or one table cell. */
export interface Segment extends Box {
  runs: Run[];
  text: string;
  base: number;
  size: number;
}

export interface PageText {
  page: number;
  width: number;
  height: number;
  segments: Segment[];
}

/** The dominant typography of a line or segment, weighted by characters. */
export interface Style {
  size: number;
  bold: boolean;
  italic: boolean;
  /** Share of characters in the dominant (size, bold, italic) style. */
  uniformity: number;
}

/** A text line inside one column of one page, cells in x order. */
export interface Line extends Box {
  page: number;
  /** Reading-order region of the page (a band and a column in it). */
  region: number;
  /** Left edge and right edge of the region's text, for indents and short lines. */
  regionX0: number;
  regionX1: number;
  cells: Segment[];
  text: string;
  base: number;
  style: Style;
  /** A footnote at the bottom of its column. */
  note?: boolean;
}

/** A run of lines recognised as a table. */
export interface TableRegion {
  lines: Line[];
  rows: string[][];
}

export type Unit = { kind: "line"; line: Line } | { kind: "table"; table: TableRegion };
