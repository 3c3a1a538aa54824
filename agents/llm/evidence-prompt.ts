import { clip, delimitPassages } from "../../src/llm/delimit-passages.js";
import type { Evidence } from "../../src/retrieval/context-bundle.js";

export { PASSAGES_ARE_DATA } from "../../src/llm/delimit-passages.js";

/** Passages and characters per passage an LLM step sees: prompts stay small and cheap. */
export const EVIDENCE_LIMITS = { passages: 8, chars: 600 } as const;

/** Where a passage comes from, as its `source` attribute: "Title > Heading > Subheading". */
export const sourceOf = (e: Evidence): string => [e.title, ...e.heading_path].filter(Boolean).join(" > ");

/**
 * The evidence as delimited data, in bundle order, each passage cut to a length:
 * <passages><passage id="S1" source="Title > Heading">text</passage>…</passages>.
 */
export function evidencePrompt(
  evidence: readonly Evidence[],
  limits: { passages: number; chars: number } = EVIDENCE_LIMITS,
): string {
  return delimitPassages(
    evidence
      .slice(0, limits.passages)
      .map((e) => ({ id: e.sid, source: sourceOf(e), text: clip(e.text, limits.chars) })),
  );
}
