import { filterKey, type RetrievalFilter } from "../src/domain/retrieval-filter.js";
import type { CommunitySummarizer } from "../src/index/communities/community-summarizer.js";
import type { ResolvedDeps } from "./agent-deps.js";
import { agentTools } from "./agent-tools.js";
import { withToolCache } from "./cached-tools.js";

type Tools = ReturnType<typeof agentTools>;

/**
 * The agent's tools per filter: a compiled graph serves runs of different scopes (the server's
 * requests), so each scope gets its own tools, bound to its filter and cached under its key.
 */
export function scopedTools(extra: (d: ResolvedDeps) => Promise<{ summarizer?: CommunitySummarizer }>) {
  const made = new Map<string, Tools>();
  return async (d: ResolvedDeps, filter: RetrievalFilter | undefined): Promise<Tools> => {
    const key = filterKey(filter);
    let tools = made.get(key);
    if (!tools) {
      const deps = { ...d, ...(await extra(d)), ...(key ? { filter } : {}) };
      tools = withToolCache(agentTools(deps), d.toolCache, key);
      // Scopes are per request: keep a few, not every one ever seen.
      if (made.size >= 32) made.clear();
      made.set(key, tools);
    }
    return tools;
  };
}
