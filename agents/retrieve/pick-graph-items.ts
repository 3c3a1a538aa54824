import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { GraphPath, Triplet } from "../../tools/tool-result.js";
import { contentTerms, mentions } from "../text.js";
import { factSentence } from "./fact-sentence.js";

/** Passages at the top of the bundle: a fact about what they name bridges to the answer. */
const TOP_PASSAGES = 3;

/**
 * The facts worth showing a reader, best first: kept when they share a term with the question,
 * name something the top passages name, or rest on a chosen path's passage (a bridge hop often
 * shares no word with the question); ranked by shared terms, then whether anchored so, then the
 * rank of the passage stating them, then hops. Pure and deterministic.
 */
export function rankFacts<T extends Triplet>(
  question: string,
  facts: readonly T[],
  passages: ReadonlyArray<Pick<Evidence, "chunk_id" | "text">>,
  pathChunks: ReadonlySet<string> = new Set(),
): T[] {
  const q = new Set(contentTerms(question));
  const top = passages.slice(0, TOP_PASSAGES).map((p) => p.text.toLowerCase());
  const rank = new Map<string, number>();
  for (const [i, p] of passages.entries()) if (!rank.has(p.chunk_id)) rank.set(p.chunk_id, i);
  const byId = new Map<string, T>();
  for (const f of facts) if (!byId.has(f.relation_id)) byId.set(f.relation_id, f);
  const scored = [...byId.values()].map((f) => {
    const shared = contentTerms(`${f.subject} ${f.predicate} ${f.object}`).filter((t) => q.has(t)).length;
    const named = [f.subject, f.object].some((n) => top.some((t) => mentions(t, n.toLowerCase())));
    const anchored = named || pathChunks.has(f.chunk_id);
    return { f, shared, anchored, at: rank.get(f.chunk_id) ?? Number.MAX_SAFE_INTEGER };
  });
  return scored
    .filter((s) => s.shared > 0 || s.anchored)
    .sort(
      (a, b) =>
        b.shared - a.shared ||
        Number(b.anchored) - Number(a.anchored) ||
        a.at - b.at ||
        a.f.hops - b.f.hops ||
        a.f.relation_id.localeCompare(b.f.relation_id),
    )
    .map((s) => s.f);
}

/**
 * The paths worth reading, in the tool's order (connecting paths first, shortest first): two hops
 * or more across two passages or more (one hop is a fact, one passage says it all itself), and
 * none that only extends or repeats one already chosen. Pure.
 */
export function pickPaths(paths: readonly GraphPath[], limit: number): GraphPath[] {
  const chosen: GraphPath[] = [];
  for (const p of paths) {
    if (chosen.length >= limit) break;
    if (p.hops < 2 || new Set(p.chunk_ids).size < 2) continue;
    const key = p.entities.join("\u0000");
    if (chosen.some((c) => prefixOf(c.entities, p.entities) || key === c.entities.join("\u0000"))) continue;
    chosen.push(p);
  }
  return chosen;
}

/** One entity sequence starts the other (the longer path only adds hops to the shorter). */
function prefixOf(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((x, i) => long[i] === x);
}

/**
 * Ranked facts as sentences, at most `limit`: one that only repeats part of a chosen sentence is
 * skipped, and a chosen one that the new sentence contains gives way to it (in place). Pure.
 */
export function factSentences<T extends Triplet>(
  ranked: readonly T[],
  limit: number,
): Array<{ fact: T; text: string }> {
  const out: Array<{ fact: T; text: string }> = [];
  const core = (text: string) => text.replace(/\.$/, "").toLowerCase();
  for (const fact of ranked) {
    if (out.length >= limit) break;
    const text = factSentence(fact);
    if (out.some((o) => core(o.text).includes(core(text)))) continue;
    const within = out.findIndex((o) => core(text).includes(core(o.text)));
    if (within >= 0) out[within] = { fact, text };
    else out.push({ fact, text });
  }
  return out;
}
