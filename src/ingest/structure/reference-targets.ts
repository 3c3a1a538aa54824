import type { ChunkNode } from "../../domain/chunk.js";
import type { FigureNode } from "../../domain/figure.js";
import type { SectionNode } from "../../domain/section.js";
import type { TableNode } from "../../domain/table.js";
import { titleKey, titleKeys } from "./ref-keys.js";
import type { RefMention } from "./references.js";

/** What the references of one document can point at, indexed by key. */
export interface ReferenceTargets {
  byKey: Map<string, string>;
  /** Non-synthetic sections with page ranges, in reading order, for "page N". */
  pages: Array<{ id: string; start: number; end: number }>;
}

/**
 * Section keys come from titles and from the deeper headings inside a section, so
 * "Section 3.1" finds the section holding an H3 "3.1 …". The first section claiming a key
 * wins: a table of contents line never outranks the heading itself, which comes first.
 */
export function buildReferenceTargets(
  sections: readonly SectionNode[],
  tables: readonly TableNode[],
  figures: readonly FigureNode[],
  chunks: ReadonlyArray<Pick<ChunkNode, "section_id" | "text">> = [],
): ReferenceTargets {
  const byKey = new Map<string, string>();
  const claim = (key: string, id: string) => {
    if (!byKey.has(key)) byKey.set(key, id);
  };
  for (const s of sections) for (const key of [...titleKeys(s.title), titleKey(s.title)]) claim(key, s.id);
  for (const s of sections)
    for (const t of s.sub_titles) for (const key of [...titleKeys(t), titleKey(t)]) claim(key, s.id);
  // Run-in headings ("SECTION 2.20. Incremental Commitments." opening a paragraph) are not
  // layout headings, yet contracts refer to them; they rank below real headings.
  for (const c of chunks) for (const key of runInKeys(c.text)) claim(key, c.section_id);
  for (const t of tables) if (t.ref_label) claim(refKey("table", t.ref_label), t.id);
  for (const f of figures) if (f.ref_label) claim(refKey("figure", f.ref_label), f.id);
  const pages = sections
    .filter((s) => s.page_start !== undefined)
    .map((s) => ({ id: s.id, start: s.page_start ?? 0, end: s.page_end ?? s.page_start ?? 0 }));
  return { byKey, pages };
}

const RUN_IN = /^(?:SECTION|Section|ARTICLE|Article|NOTE|Note)\s+\d{1,2}(?:\.\d{1,2})*\.?\s+\S/gm;

function runInKeys(text: string): string[] {
  return [...text.matchAll(RUN_IN)].flatMap((m) => titleKeys(m[0].replace(/^ARTICLE|^Article/, "Section")));
}

const refKey = (kind: string, label: string) => `${kind}:${label.replace(/^\S+\s+/, "").toUpperCase()}`;

/** The id a mention points at, or null when nothing in the document matches. */
export function resolveMention(mention: RefMention, targets: ReferenceTargets): string | null {
  if (mention.kind === "page") {
    const page = Number(mention.key.split(":")[1]);
    // The innermost (latest-starting) section covering the page.
    let best: string | null = null;
    for (const s of targets.pages) if (s.start <= page && page <= s.end) best = s.id;
    return best;
  }
  const direct = targets.byKey.get(mention.key);
  if (direct) return direct;
  const num = mention.key.slice(mention.kind.length + 1);
  if (mention.kind === "chapter") return targets.byKey.get(`section:${num}`) ?? null;
  if (mention.kind === "section") return targets.byKey.get(`chapter:${num}`) ?? null;
  return null;
}
