import type { Evidence } from "../../src/retrieval/context-bundle.js";

/** Passages and characters per passage an LLM step sees: prompts stay small and cheap. */
export const EVIDENCE_LIMITS = { passages: 8, chars: 600 } as const;

/** The evidence as numbered lines "[S1] (Title > Heading) text", in bundle order, each cut to a length. */
export function evidencePrompt(
  evidence: readonly Evidence[],
  limits: { passages: number; chars: number } = EVIDENCE_LIMITS,
): string {
  return evidence
    .slice(0, limits.passages)
    .map((e) => {
      const where = [e.title, ...e.heading_path].filter(Boolean).join(" > ");
      const text = e.text.replace(/\s+/g, " ").trim();
      const cut = text.length > limits.chars ? `${text.slice(0, limits.chars)}…` : text;
      return `[${e.sid}]${where ? ` (${where})` : ""} ${cut}`;
    })
    .join("\n");
}
