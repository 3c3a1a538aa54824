import { EXTRACTION_WIRE } from "../../src/llm/llm-extractor.js";
import { type WireSchema, wireSchema } from "../../src/llm/wire-schema.js";
import { LlmDecomposeSchema } from "./llm-decomposer.js";
import { LlmFollowUpSchema } from "./llm-follow-up.js";
import { LlmGradeSchema } from "./llm-grader.js";
import { LlmRouteSchema } from "./llm-router.js";
import { ReviseSchema } from "./llm-verifier.js";

/**
 * Every JSON schema the code sends to a model, by the name it goes out under. A step that sends a
 * new one adds it here: llm-schemas.test.ts walks each wire schema for the portable strict subset,
 * and fails on any structured call in the code whose name is missing from this list.
 */
export const LLM_WIRE_SCHEMAS: readonly WireSchema<unknown>[] = [
  wireSchema("route", LlmRouteSchema),
  wireSchema("grade", LlmGradeSchema),
  wireSchema("revise", ReviseSchema),
  wireSchema("follow_up", LlmFollowUpSchema),
  wireSchema("decompose", LlmDecomposeSchema),
  EXTRACTION_WIRE,
];
