import { z } from "zod";

export const CommunityKindSchema = z.enum(["section", "entity"]);
export type CommunityKind = z.infer<typeof CommunityKindSchema>;

/**
 * A Louvain community of Sections (linked by RELATED_SECTION) or of Entities (RELATED_TO and
 * co-mention); members point at it with IN_COMMUNITY. Whole-graph and document-less like
 * Entity. The id is derived from the sorted member ids, so an unchanged community keeps its
 * id (and its cached summary) across rebuilds. The summary is written lazily on first access;
 * `summary_key` hashes the summarizer and the members' content, so a community whose passages
 * changed is summarised again.
 */
export const CommunityNodeSchema = z.object({
  label: z.literal("Community"),
  id: z.string(),
  doc_id: z.literal(""),
  kind: CommunityKindSchema,
  /** Louvain level: 0 is the final (coarsest) partition, the only one stored today. */
  level: z.number().int().nonnegative(),
  member_count: z.number().int().positive(),
  /** A readable name from the most central members, e.g. "Lothair II · Teutberga · Lotharingia". */
  title: z.string(),
  /** Most frequent entity names / title words among the members, for ranking against a question. */
  top_terms: z.array(z.string()).default([]),
  summary: z.string().optional(),
  summary_source: z.enum(["extractive", "llm"]).optional(),
  summary_key: z.string().optional(),
  /** Section ids the summary was drawn from (its citations). */
  summary_sections: z.array(z.string()).default([]),
});
export type CommunityNode = z.infer<typeof CommunityNodeSchema>;
