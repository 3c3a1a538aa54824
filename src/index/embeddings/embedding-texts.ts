import type { ChunkNode } from "../../domain/chunk.js";
import { sha256 } from "../../domain/ids.js";
import type { SectionNode } from "../../domain/section.js";

/** What a stored vector was computed from; a node has at most one vector per kind. */
export const VECTOR_KINDS = ["text", "heading", "anchor"] as const;
export type VectorKind = (typeof VECTOR_KINDS)[number];

const joinPath = (parts: readonly string[]): string => {
  const clean = parts.map((s) => s.trim());
  // A repeated title (a document named after its first H1) is said once.
  return clean.filter((s, i) => s !== "" && s.toLowerCase() !== clean[i - 1]?.toLowerCase()).join(" > ");
};

/** The "heading" vector's text: the section's breadcrumbs (document title included), then H3+ headings. */
export function chunkHeadingPath(
  chunk: Pick<ChunkNode, "subheadings">,
  section: Pick<SectionNode, "breadcrumbs"> | undefined,
): string {
  return joinPath([...(section?.breadcrumbs ?? "").split(" > "), ...chunk.subheadings]);
}

/**
 * The "text" vector's text: the section heading path (H1 > H2 > H3+, without the document
 * title) above the chunk text, so a chunk that never names its subject still carries it.
 * 2Wiki dev, dense Recall@5 (bge / MiniLM): heading path 0.6975 / 0.6125, full breadcrumbs
 * 0.6875 / 0.600, text alone 0.6775 / 0.615; the document title, shared by every chunk, adds noise.
 */
export function chunkPassageText(
  chunk: Pick<ChunkNode, "text" | "subheadings">,
  section: Pick<SectionNode, "heading_path"> | undefined,
): string {
  const path = joinPath([...(section?.heading_path ?? []), ...chunk.subheadings]);
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
