import type { ToolDeps, ToolResult } from "../../tools/tool-result.js";
import type { ToolCall } from "../schemas.js";
import { countedPassages } from "./counted-passages.js";
import { identifiersIn } from "./identifier-query.js";
import type { HopRanking } from "./merge-hops.js";
import { pointerQuery } from "./pointer-query.js";

/** Places of the question's ranking ahead of a count's passages: they add a stated count, not a better match. */
const COUNT_AFTER = 3;

/** Searches a question's own wording asks for beside the route's plan, and what they found. */
export interface PinnedSearches {
  /** Their rankings, to merge like hops' (pointer 1, identifier 2). */
  rankings: HopRanking[];
  /** The pointer search's tool result (its graph items count as the plan's). */
  results: ToolResult[];
  calls: ToolCall[];
}

/**
 * A question naming where its answer is written ("… points to the debt note") also asks that
 * source (pointer-query.ts) through `search`, the hybrid search: the pointer query is the asking
 * sentence in the source's own words, which word and meaning match find, where a walk from the
 * context's names spreads to the contents pages that list them (docqa dev: the business
 * combinations note's purchase price). One naming a code identifier also looks it up word for
 * word (identifier-query.ts). A count question ("how many cities …") keeps the passages of its word
 * search that state a number of what it counts (counted-passages.ts). None for most questions.
 */
export async function pinnedSearches(
  deps: ToolDeps,
  search: (input: { query: string; k: number }) => Promise<ToolResult>,
  question: string,
): Promise<PinnedSearches> {
  const out: PinnedSearches = { rankings: [], results: [], calls: [] };
  const pointed = pointerQuery(question);
  if (pointed) {
    const r = await search({ query: pointed, k: 20 });
    out.results.push(r);
    out.rankings.push({ hop: 1, ids: r.ranked.map((h) => h.chunk_id) });
    const evidence_ids = r.bundle.evidence.map((e) => e.chunk_id);
    out.calls.push({ tool: r.tool, input: { query: pointed, k: 20 }, evidence_ids });
  }
  const idents = identifiersIn(question);
  if (idents.length > 0) {
    const query = idents.join(" ");
    const hits = await deps.store.searchText(query, {
      k: 5,
      ...(deps.filter ? { filter: deps.filter } : {}),
    });
    const ids = hits.map((h) => h.id);
    if (ids.length > 0) out.rankings.push({ hop: 2, ids });
    out.calls.push({ tool: "text_search", input: { query, k: 5 }, evidence_ids: ids });
  }
  // A count question also takes the passages of its word search that state a number of what it counts.
  const counted = await countedPassages(deps.store, question, deps.filter);
  if (counted.length > 0) {
    out.rankings.push({ hop: 3, ids: counted, after: COUNT_AFTER });
    out.calls.push({ tool: "text_search", input: { query: question, k: 30 }, evidence_ids: counted });
  }
  return out;
}
