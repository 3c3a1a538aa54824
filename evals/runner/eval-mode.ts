import { z } from "zod";
import { RetrievalModeSchema } from "../../src/retrieval/retrieval-mode.js";

/**
 * What `agr eval --modes` accepts: the engine's retrieval modes, and `agent`, the routed agent
 * (router → tools → grade → answer → verify) scored on its evidence ranking and its answers.
 */
export const EvalModeSchema = z.enum([...RetrievalModeSchema.options, "agent"]);
export type EvalMode = z.infer<typeof EvalModeSchema>;

export const isAgentMode = (mode: EvalMode): mode is "agent" => mode === "agent";
