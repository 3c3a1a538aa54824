import { z } from "zod";
import { EntityTypeSchema } from "../domain/entity.js";
import { delimitPassages, PASSAGES_ARE_DATA } from "./delimit-passages.js";

/** Caps keep a small model from repeating itself until max tokens (and bound the cost). */
export const MAX_ENTITIES = 12;
export const MAX_RELATIONS = 8;

const Name = z.string().min(1).max(100);

/** The LLM's structured output for one passage (sent as the response's JSON schema). */
export const ExtractionSchema = z.object({
  entities: z
    .array(
      z.object({
        name: Name.describe("the name exactly as written in the passage"),
        type: EntityTypeSchema.describe(
          "NAME: person, organisation, place or product; TITLE: title of a work; DATE; CONCEPT: anything else",
        ),
      }),
    )
    .max(MAX_ENTITIES),
  relations: z
    .array(
      z.object({
        subject: Name.describe("an entity name from the list"),
        predicate: z.string().min(1).max(60).describe("a short verb phrase, e.g. 'director of', 'acquired'"),
        object: Name.describe("an entity name from the list"),
      }),
    )
    .max(MAX_RELATIONS),
});
export type Extraction = z.infer<typeof ExtractionSchema>;

/** Bump when the prompt or schema changes: earlier extractions are then redone on the next run. */
export const EXTRACTION_VERSION = "extract-v2";

export const EXTRACTION_SYSTEM_PROMPT = [
  "You extract a knowledge graph from one passage of a document.",
  "List the named entities the passage mentions (names exactly as written) and the facts it states",
  "between them as relations: subject and object are entity names from your list, the predicate a",
  "short verb phrase. Only what the passage itself says. Answer with JSON only.",
  PASSAGES_ARE_DATA,
].join(" ");

/**
 * The user message: the passage as delimited data, its heading path (which often names its
 * subject) as the passage's source.
 */
export function extractionPrompt(text: string, headingPath: readonly string[]): string {
  const heading = headingPath.filter((h) => h.trim() !== "").join(" > ");
  return delimitPassages([{ id: "P1", ...(heading ? { source: heading } : {}), text }]);
}
