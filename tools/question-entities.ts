import type { EntityNode } from "../src/domain/entity.js";
import { canonicalName } from "../src/index/extract/canonical.js";
import { entityId } from "../src/index/extract/entity-node.js";
import type { GraphStore } from "../src/store/graph-store.js";

const MAX_WORDS = 6;

/**
 * Entities of the store a text names: every word n-gram (up to 6 words) is put in canonical form
 * and looked up by the entity's stable id (ingest derives it the same way: "ent" + canonical
 * name), in one batched read. A match inside a longer match ("palme" in "olof palme") is dropped,
 * and so are lower-case matches when the text names something capitalised.
 */
export async function questionEntities(store: GraphStore, text: string): Promise<EntityNode[]> {
  const words = [...text.normalize("NFKC").matchAll(/[\p{L}\p{N}]+(?:['’.&-][\p{L}\p{N}]+)*/gu)].map(
    (m) => m[0],
  );
  const spans: Array<{ from: number; to: number; canonical: string; named: boolean }> = [];
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= MAX_WORDS && i + n <= words.length; n++) {
      const span = words.slice(i, i + n);
      const canonical = canonicalName(span.join(" "));
      const named = span.some((w) => /^[\p{Lu}\p{N}]/u.test(w));
      if (canonical.length >= 2) spans.push({ from: i, to: i + n, canonical, named });
    }
  const byId = new Map(spans.map((s) => [entityId(s.canonical), s]));
  const found = (await store.getNodes([...byId.keys()])).filter((n): n is EntityNode => n.label === "Entity");
  const matched = found.flatMap((e) => {
    const span = byId.get(e.id);
    return span ? [{ e, span }] : [];
  });
  // "the company" written in lower case is a common noun, not the entity "Company": names win when there are any.
  const named = matched.some((m) => m.span.named) ? matched.filter((m) => m.span.named) : matched;
  return named
    .filter(
      ({ span }) =>
        !named.some(
          (o) =>
            o.span !== span &&
            o.span.from <= span.from &&
            o.span.to >= span.to &&
            o.span.to - o.span.from > span.to - span.from,
        ),
    )
    .sort((a, b) => a.span.from - b.span.from)
    .map(({ e }) => e);
}
