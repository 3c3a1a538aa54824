import type { ChunkNode } from "../../domain/chunk.js";
import { sha256 } from "../../domain/ids.js";
import type { SectionNode } from "../../domain/section.js";

/** What a stored vector was computed from; a node has at most one vector per kind. */
export type VectorKind = "text" | "heading" | "anchor";

/**
 * Heading path of a chunk: the section's breadcrumbs, then the H3+ headings it sits under.
 * A repeated title (a document named after its first H1) is said once.
 */
export function chunkHeadingPath(
  chunk: Pick<ChunkNode, "subheadings">,
  section: Pick<SectionNode, "breadcrumbs"> | undefined,
): string {
  const parts = [...(section?.breadcrumbs ?? "").split(" > "), ...chunk.subheadings].map((s) => s.trim());
  return parts.filter((s, i) => s !== "" && s.toLowerCase() !== parts[i - 1]?.toLowerCase()).join(" > ");
}

/**
 * The "text" vector embeds the heading path above the chunk text: a passage often only names
 * its subject in the heading (2Wiki dense Recall@5 measured higher with it; see the README).
 */
export function chunkPassageText(
  chunk: Pick<ChunkNode, "text" | "subheadings">,
  section: Pick<SectionNode, "breadcrumbs"> | undefined,
): string {
  const path = chunkHeadingPath(chunk, section);
  return path ? `${path}\n\n${chunk.text}` : chunk.text;
}

/** The "anchor" vector of a link target: its distinct incoming anchor texts, one per line. */
export function anchorText(anchors: readonly string[]): string {
  const seen = new Map<string, string>();
  for (const a of anchors) {
    const clean = a.replace(/\s+/g, " ").trim();
    if (clean !== "" && !/^(https?:|mailto:|#)/i.test(clean)) seen.set(clean.toLowerCase(), clean);
  }
  return [...seen.values()].sort().join("\n");
}

/** Embedding-cache key: the kind and the exact text embedded (the store scopes it by model). */
export function embeddingKey(kind: VectorKind, text: string): string {
  return sha256(`${kind}\u0000${text}`);
}
