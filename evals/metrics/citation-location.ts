/**
 * Does a citation point at a gold location (datasets/docqa/README.md)? PDF locations are
 * {doc, page} with 1-based physical pages, the numbering our PDF citations use (pdf.js pages
 * 1..n); Markdown/HTML locations are {doc, heading}, the nearest heading above the evidence.
 */
export type DocLocation = { doc: string; page: number } | { doc: string; heading: string };

/** The parts of an `agr ask` citation the check reads. */
export interface CitedPlace {
  uri: string;
  page?: number | undefined;
  heading_path: readonly string[];
}

/** A citation uri as a plain path: file URLs decoded ("%20" → " "), other strings as they are. */
export function uriPath(uri: string): string {
  const bare = uri.replace(/^file:\/\//, "");
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare;
  }
}

/** The uri names the document: its path ends with the location's path, at a folder boundary. */
export function sameDoc(uri: string, doc: string): boolean {
  const path = uriPath(uri).replace(/\\/g, "/");
  const want = doc.replace(/\\/g, "/").replace(/^\.?\//, "");
  return want !== "" && (path === want || path.endsWith(`/${want}`));
}

/**
 * A heading compared as text: markdown backslash escapes ("\_" → "_") and a trailing "¶" (the
 * permalink sign of generated HTML docs) removed, whitespace collapsed, lower case. Inline-code
 * backticks are dropped too: gold headings keep them, but ingested heading paths hold the heading's
 * text without inline markup, so "`cmd`" and "cmd" name the same heading.
 */
export function normalizeHeading(heading: string): string {
  return heading
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, "$1")
    .replace(/\s*¶\s*$/, "")
    .replace(/`/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** One citation against one location: same document, and the same page or a heading on its path. */
export function citesLocation(cite: CitedPlace, location: DocLocation): boolean {
  if (!sameDoc(cite.uri, location.doc)) return false;
  if ("page" in location) return cite.page === location.page;
  const want = normalizeHeading(location.heading);
  return cite.heading_path.some((h) => normalizeHeading(h) === want);
}

/** Some citation points at some gold location. */
export function citationHit(cites: readonly CitedPlace[], locations: readonly DocLocation[]): boolean {
  return cites.some((c) => locations.some((l) => citesLocation(c, l)));
}
