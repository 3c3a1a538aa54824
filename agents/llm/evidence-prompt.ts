import { clip, delimitPassages } from "../../src/llm/delimit-passages.js";
import { type Evidence, evidenceKind, passagesOf } from "../../src/retrieval/context-bundle.js";

export { PASSAGES_ARE_DATA } from "../../src/llm/delimit-passages.js";

/** Passages and characters per passage an LLM step sees: prompts stay small and cheap. */
export const EVIDENCE_LIMITS = { passages: 8, items: 4, chars: 600 } as const;

/** Where a passage comes from, as its `source` attribute: "Title > Heading > Subheading". */
export const sourceOf = (e: Evidence): string => [e.title, ...e.heading_path].filter(Boolean).join(" > ");

/**
 * The evidence as delimited data, in bundle order, each passage cut to a length:
 * <passages><passage id="S1" source="Title > Heading">text</passage>…</passages>.
 */
export function evidencePrompt(
  evidence: readonly Evidence[],
  limits: { passages: number; items?: number; chars: number } = EVIDENCE_LIMITS,
): string {
  // The first passages, then the graph items (facts, paths, summaries), which follow every passage
  // in a bundle and would otherwise be cut by the passage limit.
  const passages = passagesOf(evidence).slice(0, limits.passages);
  const items = evidence.filter((e) => evidenceKind(e) !== "passage").slice(0, limits.items);
  return delimitPassages(
    [...passages, ...items].map((e) => ({
      id: e.sid,
      source: sourceOf(e),
      text: clip(e.text, limits.chars),
    })),
  );
}
