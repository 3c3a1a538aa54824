/**
 * What github-slugger removes (the slugger of GitHub, Starlight and most site generators):
 * other numbers, punctuation but `_`, symbols, control/format/private/unassigned code points
 * and separators — except alphabetic characters, the space and the dash.
 */
const REMOVED = /[\p{No}\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}\p{S}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Z}]/gu;
const KEPT = /^[ -]$|^\p{Alphabetic}$/u;

/** A GitHub-style heading slug: lower-cased, stripped as above, spaces become `-`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(REMOVED, (ch) => (KEPT.test(ch) ? ch : ""))
    .replace(/ /g, "-");
}

/** A per-document slugger: repeated headings get `-1`, `-2`, ... like github-slugger. */
export function createSlugger(): (text: string) => string {
  const occurrences = new Map<string, number>();
  return (text) => {
    const base = slugify(text);
    let result = base;
    while (occurrences.has(result)) {
      const n = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, n);
      result = `${base}-${n}`;
    }
    occurrences.set(result, 0);
    return result;
  };
}
