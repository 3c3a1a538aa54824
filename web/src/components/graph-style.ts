import type { StylesheetJson } from "cytoscape";
import type { GraphNode } from "../api/schemas";

export const LABEL_COLOURS: Record<string, string> = {
  Document: "#1d4ed8",
  Section: "#0f766e",
  Chunk: "#64748b",
  PdfPage: "#7c3aed",
  Table: "#b45309",
  Figure: "#be185d",
  Entity: "#ea580c",
  Relation: "#a16207",
  Community: "#15803d",
  CodeSymbol: "#4338ca",
};

export const GRAPH_STYLE: StylesheetJson = [
  {
    selector: "node",
    style: {
      "background-color": (n) => LABEL_COLOURS[String(n.data("label"))] ?? "#94a3b8",
      label: "data(caption)",
      "font-size": 10,
      "min-zoomed-font-size": 7,
      "text-wrap": "ellipsis",
      "text-max-width": "120px",
      "text-valign": "bottom",
      "text-margin-y": 3,
      color: "#0f172a",
      width: 18,
      height: 18,
    },
  },
  { selector: "node:selected", style: { "border-width": 3, "border-color": "#facc15" } },
  {
    selector: "edge",
    style: {
      width: 1.2,
      "line-color": "#cbd5e1",
      "target-arrow-color": "#cbd5e1",
      "target-arrow-shape": "triangle",
      "curve-style": "bezier",
      label: "data(type)",
      "font-size": 7,
      "min-zoomed-font-size": 8,
      color: "#64748b",
      "text-rotation": "autorotate",
    },
  },
];

const s = (v: unknown): string => (typeof v === "string" ? v : "");

/** A short caption: title or name, else the start of the text, else the label and page. */
export function nodeCaption(n: GraphNode): string {
  const text = s(n.title) || s(n.name) || s(n.caption) || s(n.text).slice(0, 40);
  if (text) return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  if (typeof n.page_no === "number") return `page ${n.page_no}`;
  return n.label;
}
