/** URL helpers for LINKS_TO resolution; pure, so any store can use them. */

const DOC_EXT = /\.(md|mdx|markdown|html?|txt|docx|pdf)$/i;

/** A comparable key for a document URL: no fragment, query, extension, trailing slash or /index. */
export function docKey(url: string): string {
  const u = new URL(url);
  let path = decodeURIComponent(u.pathname).replace(DOC_EXT, "");
  path = path.replace(/\/index$/i, "").replace(/\/+$/, "");
  return `${u.protocol}//${u.host}${path}`;
}

export function isExternalHref(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href) && !/^file:/i.test(href);
}

export interface ResolvedHref {
  target_url: string;
  fragment?: string;
  external: boolean;
}

export function resolveHref(href: string, baseUrl: string): ResolvedHref | null {
  try {
    const u = new URL(href, baseUrl);
    const fragment = u.hash ? decodeURIComponent(u.hash.slice(1)) : undefined;
    u.hash = "";
    u.search = "";
    return { target_url: u.toString(), external: isExternalHref(href), ...(fragment ? { fragment } : {}) };
  } catch {
    return null;
  }
}

/**
 * Finds the document a link points at. Exact key match first; then, for site-absolute links
 * ("/build/smart-contracts/objects") whose site root is unknown, the one document whose path
 * ends with the longest run of the link's trailing segments; ambiguity resolves to nothing.
 */
export function matchDocument(targetUrl: string, docs: ReadonlyMap<string, string>): string | null {
  const key = docKey(targetUrl);
  const exact = docs.get(key);
  if (exact) return exact;
  const segments = key.split("/").filter(Boolean).slice(1);
  for (let n = Math.min(segments.length, 6); n >= 1; n--) {
    const tail = `/${segments.slice(-n).join("/")}`;
    const hits = [...docs.entries()].filter(([k]) => k.endsWith(tail));
    if (hits.length === 1) return hits[0]?.[1] ?? null;
    if (hits.length > 1) return null;
  }
  return null;
}
