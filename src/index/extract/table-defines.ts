import type { ChunkNode } from "../../domain/chunk.js";
import type { EntityType } from "../../domain/entity.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { TableNode } from "../../domain/table.js";
import { canonicalName } from "./canonical.js";
import { type EntityMention, extractEntities } from "./entity-extractor.js";

/** Row labels that name no thing of their own. */
const GENERIC = new Set([
  "total",
  "totals",
  "subtotal",
  "other",
  "others",
  "n a",
  "na",
  "none",
  "итого",
  "всего",
  "прочие",
]);
const MAX_LABEL = 80;

const cells = (row: string) => row.split(/(?<!\\) \| /).map((c) => c.replace(/\\\|/g, "|").trim());

/**
 * What a table defines: the label in the first column of each body row (the header row and
 * numeric or generic labels excepted) and the names its caption mentions. Only rows present in
 * `chunkText` count, so a table split over chunks defines each label from the chunk holding it.
 * A label the name extractor also finds keeps its type; another is a CONCEPT ("Net sales"). Pure.
 */
export function tableDefinitions(
  table: Pick<TableNode, "text" | "caption">,
  chunkText: string,
): EntityMention[] {
  const lines = new Set(chunkText.split("\n").map((l) => l.trim()));
  const rows = table.text.split("\n").map((l) => l.trim());
  const found = new Map<string, EntityMention>();
  const add = (name: string, type: EntityType) => {
    const canonical = canonicalName(name);
    if (canonical.length < 2 || GENERIC.has(canonical) || !/\p{L}/u.test(canonical) || found.has(canonical))
      return;
    found.set(canonical, { name, canonical, type });
  };
  if (table.caption && chunkText.includes(table.caption)) {
    for (const m of extractEntities(table.caption)) if (m.type !== "DATE") add(m.name, m.type);
  }
  for (const row of rows.slice(1)) {
    if (!lines.has(row)) continue;
    const label = cells(row)[0] ?? "";
    if (label === "" || label.length > MAX_LABEL || /^[\d\s.,%$€£()+-]+$/u.test(label)) continue;
    const named = extractEntities(label).find((m) => m.canonical === canonicalName(label));
    add(label, named?.type ?? "CONCEPT");
  }
  return [...found.values()];
}

/** The table of `chunk` among its section's tables: the one whose rows the chunk carries. */
export function tableOfChunk(chunk: ChunkNode, tables: readonly TableNode[]): TableNode | undefined {
  const lines = new Set(chunk.text.split("\n").map((l) => l.trim()));
  return tables.find((t) => t.text.split("\n").some((row) => row.trim() !== "" && lines.has(row.trim())));
}

/** Table -DEFINES-> Entity, anchored to the table's section and the chunk that carries the row. */
export function definesEdge(chunk: ChunkNode, table: TableNode, entity: string): GraphEdge {
  return {
    src: table.id,
    type: "DEFINES",
    dst: entity,
    section_id: chunk.section_id,
    doc_id: chunk.doc_id,
    props: { chunk_id: chunk.id },
  };
}
