import type { RelationNode } from "../../src/domain/relation.js";
import type { Contradiction } from "../schemas.js";

/** The parts of a Relation node that decide whether two facts clash (and where each is stated). */
export type Fact = Pick<
  RelationNode,
  "id" | "subject" | "predicate" | "object" | "valid_from" | "valid_to"
> & {
  chunk_id?: string;
};

/** Whether two validity intervals overlap; a missing bound is open (always valid that way). */
export function validityOverlaps(a: Fact, b: Fact): boolean {
  const aFrom = a.valid_from ?? "";
  const bFrom = b.valid_from ?? "";
  const aTo = a.valid_to ?? "\uffff";
  const bTo = b.valid_to ?? "\uffff";
  // ISO dates compare as strings.
  return aFrom <= bTo && bFrom <= aTo;
}

/** Predicates that hold many objects at once: different objects are not a clash. */
export const MULTI_VALUED =
  /\b(mention|relate|include|contain|partner|acquire|invest|use|link|cite|compete|work with)/i;

/**
 * Contradictory facts across graph paths: the same subject and predicate with different objects
 * whose validity overlaps ("X CEO of A" and "X CEO of B" in the same period). `sidOf` names the
 * evidence (S#) that states each fact, when its passage is in the bundle. Pure.
 */
export function findContradictions(
  facts: readonly Fact[],
  sidOf: (chunkId: string) => string | undefined = () => undefined,
): Contradiction[] {
  const groups = new Map<string, Fact[]>();
  for (const f of facts) {
    if (MULTI_VALUED.test(f.predicate)) continue;
    const key = `${f.subject}\u0000${f.predicate.toLowerCase().trim()}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const out: Contradiction[] = [];
  for (const group of groups.values()) {
    const clashing = new Set<Fact>();
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) {
        const a = group[i];
        const b = group[j];
        if (a && b && a.object !== b.object && validityOverlaps(a, b)) {
          clashing.add(a);
          clashing.add(b);
        }
      }
    if (clashing.size === 0) continue;
    const list = [...clashing].sort((a, b) => a.id.localeCompare(b.id));
    const first = list[0] as Fact;
    const objects = [...new Set(list.map((f) => f.object))].sort();
    const citesOf = (o: string) => [
      ...new Set(list.flatMap((f) => (f.object === o && f.chunk_id ? [sidOf(f.chunk_id)] : []))),
    ];
    const sources = objects.map((object) => ({
      object,
      cites: citesOf(object).filter((c): c is string => Boolean(c)),
    }));
    out.push({
      subject: first.subject,
      predicate: first.predicate,
      objects,
      relation_ids: list.map((f) => f.id),
      ...(sources.some((x) => x.cites.length > 0) ? { sources } : {}),
    });
  }
  return out.sort((a, b) => a.subject.localeCompare(b.subject) || a.predicate.localeCompare(b.predicate));
}
