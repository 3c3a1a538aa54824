import { nameWords } from "../../index/extract/canonical.js";
import { entityId } from "../../index/extract/entity-node.js";
import type { GraphPushdown } from "../../store/graph-pushdown.js";
import { linkQuestionEntities } from "../phrase-graph.js";

/** The in-process phrase graph caps entity names at 12 words; longer spans never match. */
const MAX_NAME_TOKENS = 12;

/**
 * Question entities found in the database, exactly as linkQuestionEntities finds them in the
 * in-process phrase graph: every span that starts and ends with a capitalised word is looked up
 * by its entity id (ids derive from canonical names), then the same longest-first matching runs.
 */
export async function linkEntitiesInDatabase(
  question: string,
  pushdown: Pick<GraphPushdown, "entityDf">,
): Promise<Array<{ id: string; df: number }>> {
  const words = nameWords(question);
  const spans = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    if (!words[i]?.capitalised) continue;
    for (let j = i; j < Math.min(words.length, i + MAX_NAME_TOKENS); j++) {
      if (words[j]?.capitalised)
        spans.add(
          words
            .slice(i, j + 1)
            .map((w) => w.canonical)
            .join(" "),
        );
    }
  }
  const canonicals = [...spans];
  const df = await pushdown.entityDf(canonicals.map(entityId));
  const known = canonicals.filter((c) => df.has(entityId(c)));
  const byCanonical = new Map(known.map((c, i) => [c, i]));
  return linkQuestionEntities(question, { byCanonical, maxNameTokens: MAX_NAME_TOKENS }).map((i) => {
    const id = entityId(known[i] ?? "");
    return { id, df: df.get(id) ?? 0 };
  });
}
