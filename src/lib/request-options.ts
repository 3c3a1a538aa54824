import { z } from "zod";
import { AskModeSchema } from "../../agents/graph-state.js";
import { RetrievalFilterSchema } from "../domain/retrieval-filter.js";
import { userError } from "../errors.js";
import { DEFAULT_TOKEN_BUDGET } from "../retrieval/build-bundle.js";
import { RetrievalModeSchema } from "../retrieval/retrieval-mode.js";

/** `retrieve(question, options)`: the same fields and bounds as `POST /v1/retrieve`. */
export const RetrieveOptionsSchema = z.strictObject({
  /** bm25, dense, hybrid, graph or ppr (default). */
  mode: RetrievalModeSchema.default("ppr"),
  /** Candidates ranked before packing. */
  k: z.number().int().min(1).max(200).default(30),
  /** Token budget of the bundle. */
  budget: z.number().int().min(50).max(64_000).default(DEFAULT_TOKEN_BUDGET),
  /** Structure expansion: parent sections, siblings, tables/code, cross references. */
  expand: z.boolean().default(true),
  /** Only chunks the filter allows are ranked and cited. */
  filter: RetrievalFilterSchema.optional(),
});
export type RetrieveOptions = z.input<typeof RetrieveOptionsSchema> & { signal?: AbortSignal };

/** `ask(question, options)` and `askStream(question, options)`. */
export const AskOptionsSchema = z.strictObject({
  /** agent (default) routes the question; the others force one retrieval mode or tool. */
  mode: AskModeSchema.default("agent"),
  /** Answer only from chunks the filter allows. */
  filter: RetrievalFilterSchema.optional(),
});
export type AskOptions = z.input<typeof AskOptionsSchema> & { signal?: AbortSignal };

/** Parses a call's options (without its signal) into a one-line user error naming the field. */
export function parseOptions<S extends z.ZodType>(
  schema: S,
  what: string,
  input: object | undefined,
): z.output<S> {
  const { signal: _signal, ...rest } = (input ?? {}) as { signal?: AbortSignal };
  const parsed = schema.safeParse(rest);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw userError("bad_options", `${what}: ${where}${issue?.message ?? "invalid options"}`);
}

/** A question as the HTTP API accepts it: trimmed, not empty, at most 4000 characters. */
export function parseQuestion(question: unknown, what: string): string {
  const parsed = z.string().trim().min(1).max(4000).safeParse(question);
  if (!parsed.success) throw userError("bad_question", `${what}: the question must be 1–4000 characters`);
  return parsed.data;
}
