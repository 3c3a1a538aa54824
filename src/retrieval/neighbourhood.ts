/** A chunk as structure expansion sees it. */
export interface HoodChunk {
  id: string;
  section_id: string;
  doc_id: string;
  seq: number;
  content_type: string;
  page_start?: number;
}

/** A section with its place in the document outline; chunks in reading order. */
export interface HoodSection {
  id: string;
  doc_id: string;
  title: string;
  /** Deeper headings inside (H3+): a sibling's sub-headings can share the question's terms too. */
  sub_titles: string[];
  /** Stemmed content words of the title, to match against the question's terms. */
  title_terms: string[];
  level: number;
  seq: number;
  breadcrumbs: string;
  parent?: string;
  children: string[];
  chunks: string[];
}

/** A cross edge between sections (or to a table, figure or chunk resolved to a chunk). */
export interface HoodLink {
  /** Section the edge leaves; "" for edges the question itself reaches (a named code symbol). */
  from: string;
  type: "LINKS_TO" | "REFERS_TO" | "EXPLAINED_BY";
  /** Target section id. */
  section: string;
  /** Target chunk when the edge lands on one (a table's chunk, a code chunk); else the section's lead. */
  chunk?: string;
  anchor_text?: string;
}

/**
 * The neighbourhood of a candidate set, loaded once through the GraphStore port and then
 * expanded purely: sections of the documents involved (with parents, children, chunks) and the
 * cross edges leaving the candidates' sections, two hops deep.
 */
export interface Neighbourhood {
  chunks: ReadonlyMap<string, HoodChunk>;
  sections: ReadonlyMap<string, HoodSection>;
  /** Top-level sections of each document in order: the siblings of a level-1 section. */
  topLevel: ReadonlyMap<string, readonly string[]>;
  links: readonly HoodLink[];
}
