import { z } from "zod";

export const EntityTypeSchema = z.enum(["NAME", "TITLE", "DATE", "CONCEPT"]);
export type EntityType = z.infer<typeof EntityTypeSchema>;

/**
 * A named thing shared across documents, keyed by its canonical name (entity resolution by
 * normalisation). `doc_id` is empty: entities belong to no single document; ones no longer
 * mentioned anywhere are removed after ingestion.
 */
export const EntityNodeSchema = z.object({
  label: z.literal("Entity"),
  id: z.string(),
  doc_id: z.literal(""),
  name: z.string(),
  canonical: z.string(),
  type: EntityTypeSchema,
  /** CORE / IMPORTANT / SUPPORTING by how widely it is mentioned; SUPPORTING is stored, not summarised. */
  salience: z.enum(["CORE", "IMPORTANT", "SUPPORTING"]).optional(),
  /** Passages mentioning it. */
  mentions: z.number().int().nonnegative().optional(),
});
export type EntityNode = z.infer<typeof EntityNodeSchema>;
