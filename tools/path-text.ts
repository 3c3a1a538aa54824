import type { EntityNode } from "../src/domain/entity.js";
import type { GraphStore } from "../src/store/graph-store.js";
import type { RawPath } from "./entity-path-search.js";
import type { Triplet } from "./tool-result.js";

/** A path as text: "A —(S3)— B —[king of, S4]→ C" (S# when the passage made it into the bundle). */
export function render(
  p: RawPath,
  names: ReadonlyMap<string, EntityNode>,
  sid: ReadonlyMap<string, string>,
): string {
  const name = (id: string) => names.get(id)?.name ?? id;
  let text = name(p.entities[0] ?? "");
  for (const [i, step] of p.steps.entries()) {
    const where = sid.get(step.chunk_id) ?? "passage";
    const link = step.predicate
      ? step.forward
        ? ` —[${step.predicate}, ${where}]→ `
        : ` ←[${step.predicate}, ${where}]— `
      : ` —(${where})— `;
    text += link + name(p.entities[i + 1] ?? "");
  }
  return text;
}

/** The stated facts along the paths, read back from their Relation nodes (SUBJECT edges). */
export async function relationSteps(
  store: GraphStore,
  paths: readonly RawPath[],
  names: ReadonlyMap<string, EntityNode>,
): Promise<Triplet[]> {
  const out = new Map<string, Triplet>();
  for (const p of paths)
    for (const [i, s] of p.steps.entries()) {
      if (!s.predicate) continue;
      const [a, b] = [p.entities[i] ?? "", p.entities[i + 1] ?? ""];
      const [subject, object] = s.forward ? [a, b] : [b, a];
      const ids = (await store.findEdges({ dst: subject, type: "SUBJECT", limit: 200 })).map((e) => e.src);
      for (const r of await store.getNodes(ids)) {
        if (r.label !== "Relation" || r.object !== object || r.chunk_id !== s.chunk_id || out.has(r.id))
          continue;
        out.set(r.id, {
          subject: names.get(subject)?.name ?? subject,
          predicate: r.predicate,
          object: names.get(object)?.name ?? object,
          relation_id: r.id,
          chunk_id: r.chunk_id,
          evidence: r.evidence,
          hops: i,
          ...(r.valid_from ? { valid_from: r.valid_from } : {}),
          ...(r.valid_to ? { valid_to: r.valid_to } : {}),
        });
      }
    }
  return [...out.values()];
}
