import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { GraphPath, Triplet } from "../../tools/tool-result.js";
import { contentTerms, mentions, splitSentences } from "../text.js";
import { readableFact } from "./fact-sentence.js";

/** Passages at the top of the bundle: a fact about what they name bridges to the answer. */
const TOP_PASSAGES = 3;

/**
 * The facts worth showing a reader, best first: kept when they share a distinctive term with the
 * question (one most passages share, like the company every passage is about, does not count),
 * name a bridge (something a top passage names in a sentence using such a term, and the question
 * does not), or rest on a chosen path's passage; ranked by shared terms, then bridging, then the rank of the passage stating
 * them, then hops. Pure and deterministic.
 */
export function rankFacts<T extends Triplet>(
  question: string,
  facts: readonly T[],
  passages: ReadonlyArray<Pick<Evidence, "chunk_id" | "text">>,
  pathChunks: ReadonlySet<string> = new Set(),
): T[] {
  const common = commonTerms(passages.map((p) => p.text));
  const q = new Set(contentTerms(question).filter((t) => !common.has(t)));
  const asked = question.toLowerCase();
  // Sentences of the top passages that use a distinctive question term: what they name bridges.
  const top = passages
    .slice(0, TOP_PASSAGES)
    .flatMap((p) => splitSentences(p.text))
    .filter((x) => contentTerms(x).some((t) => q.has(t)))
    .map((x) => x.toLowerCase());
  const rank = new Map<string, number>();
  for (const [i, p] of passages.entries()) if (!rank.has(p.chunk_id)) rank.set(p.chunk_id, i);
  const byId = new Map<string, T>();
  for (const f of facts) if (!byId.has(f.relation_id)) byId.set(f.relation_id, f);
  const scored = [...byId.values()].map((f) => {
    const shared = contentTerms(`${f.subject} ${f.predicate} ${f.object}`).filter((t) => q.has(t)).length;
    const bridge = [f.subject, f.object].some((n) => {
      const name = n.toLowerCase();
      return !mentions(asked, name) && top.some((t) => mentions(t, name));
    });
    const anchored = bridge || pathChunks.has(f.chunk_id);
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

/** Terms in more than half of four or more passages: they tell no passage (or fact) apart. */
function commonTerms(texts: readonly string[]): Set<string> {
  if (texts.length < 4) return new Set();
  const df = new Map<string, number>();
  for (const t of texts) for (const term of new Set(contentTerms(t))) df.set(term, (df.get(term) ?? 0) + 1);
  return new Set([...df].filter(([, n]) => n > texts.length / 2).map(([t]) => t));
}

/**
 * The paths worth reading, in the tool's order (connecting paths first, shortest first): two hops
 * or more across two passages or more (one hop is a fact, one passage says it all itself), not
 * through a date (a date links unrelated facts), readable in words, and none that only extends
 * or repeats one already chosen. Pure.
 */
export function pickPaths(
  paths: readonly GraphPath[],
  limit: number,
  readable: (p: GraphPath) => boolean = () => true,
): GraphPath[] {
  const chosen: GraphPath[] = [];
  for (const p of paths) {
    if (chosen.length >= limit) break;
    if (p.hops < 2 || new Set(p.chunk_ids).size < 2) continue;
    if (p.entities.slice(1, -1).some((e) => DATE_LIKE.test(e))) continue;
    const key = p.entities.join("\u0000");
    if (chosen.some((c) => prefixOf(c.entities, p.entities) || key === c.entities.join("\u0000"))) continue;
    if (!readable(p)) continue;
    chosen.push(p);
  }
  return chosen;
}

const DATE_LIKE = /\b(1[5-9]|20)\d{2}\b/;

/** One entity sequence starts the other (the longer path only adds hops to the shorter). */
function prefixOf(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((x, i) => long[i] === x);
}

/**
 * Ranked facts as sentences, at most `limit`: unreadable ones (see readableFact) are skipped, so is
 * one that only repeats part of a chosen sentence, and a chosen one that the new sentence
 * contains gives way to it (in place). Pure.
 */
export function factSentences<T extends Triplet>(
  ranked: readonly T[],
  limit: number,
): Array<{ fact: T; text: string }> {
  const out: Array<{ fact: T; text: string }> = [];
  const core = (text: string) => text.replace(/\.$/, "").toLowerCase();
  for (const fact of ranked) {
    if (out.length >= limit) break;
    const text = readableFact(fact);
    if (!text) continue;
    if (out.some((o) => core(o.text).includes(core(text)))) continue;
    const within = out.findIndex((o) => core(text).includes(core(o.text)));
    if (within >= 0) out[within] = { fact, text };
    else out.push({ fact, text });
  }
  return out;
}
