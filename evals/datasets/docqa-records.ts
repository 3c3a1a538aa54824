import { z } from "zod";
import { readDatasetFile } from "./read-jsonl-file.js";

/** Where the evidence is: a 1-based physical PDF page, or the nearest heading of a Markdown/HTML file. */
export const DocQaLocationSchema = z.union([
  z.object({ doc: z.string().min(1), page: z.number().int().positive() }).strict(),
  z.object({ doc: z.string().min(1), heading: z.string().min(1) }).strict(),
]);

/** The routes of the docqa set: the agent's five, and `not_found` for unanswerable items. */
export const DOCQA_ROUTES = ["simple", "relation", "multi_hop", "global", "temporal", "not_found"] as const;
export const DocQaRouteSchema = z.enum(DOCQA_ROUTES);
export type DocQaRoute = z.infer<typeof DocQaRouteSchema>;

/** One question of datasets/docqa/dev.jsonl (see its README for the judging rules). */
export const DocQaRecordSchema = z
  .object({
    id: z.string().min(1),
    question: z.string().min(1),
    answers: z.array(z.string()),
    answerable: z.boolean(),
    route: DocQaRouteSchema,
    doc: z.string(),
    locations: z.array(DocQaLocationSchema),
    note: z.string().optional(),
    /** Global items: the reply must contain every answer string. */
    answers_all: z.boolean().optional(),
  })
  .refine((r) => r.answerable === (r.route !== "not_found"), {
    message: "answerable must be false exactly when route is not_found",
    path: ["answerable"],
  })
  .refine((r) => !r.answerable || r.answers.length > 0, {
    message: "an answerable item needs answers",
    path: ["answers"],
  });
export type DocQaRecord = z.infer<typeof DocQaRecordSchema>;

/**
 * A question file is docqa-shaped when its first record has the docqa fields (answerable,
 * locations, route); the whole file is validated when it is read.
 */
export async function isDocQaFile(path: string): Promise<boolean> {
  const text = (await readDatasetFile(path)).toString("utf8").replace(/^\uFEFF/, "");
  const first = text.split(/\r?\n/).find((l) => l.trim() !== "");
  if (first === undefined) return false;
  try {
    const json: unknown = JSON.parse(first);
    return z
      .object({ answerable: z.boolean(), locations: z.array(z.unknown()), route: z.string() })
      .safeParse(json).success;
  } catch {
    return false;
  }
}
