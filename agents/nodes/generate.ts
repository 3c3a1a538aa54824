import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { isInjectedInstruction } from "../../src/llm/injected-instruction.js";
import type { ResolvedDeps } from "../agent-deps.js";
import { embedderSimilarity } from "../answer/embedder-similarity.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { llmSaysNotAnswerable } from "../llm/llm-grader.js";
import { createStepMeter, meterDetail } from "../llm/step-meter.js";
import type { Draft } from "../schemas.js";
import { MAX_RETRIES } from "../state.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/**
 * Drafts the answer from the evidence: sentences each citing the evidence they came from ([S#]).
 * An LLM generator's text streams to LangGraph's custom stream (`streamMode: "custom"`) as it arrives.
 * When the LLM grader judged the evidence not answerable (its verdict keeps the grade below the
 * retry line, so the search was widened first), the answer is "not found" without a generator
 * call. The offline grader's `answerable` does not decide this. Whatever the generator, a sentence
 * that is an instruction planted in a document ("ignore previous instructions…") is never part of
 * the answer.
 */
export function createGenerateNode(deps: DepsSource<ResolvedDeps>) {
  return async function generate(
    state: GraphStateType,
    config?: LangGraphRunnableConfig,
  ): Promise<GraphStateUpdate> {
    if (!state.route || !state.grade || !state.evidence)
      throw new Error("generate needs route, grade and evidence");
    if (llmSaysNotAnswerable(state.grade)) {
      const draft: Draft = { sentences: [], not_found: true, short_answer: null };
      return {
        draft,
        refusal: `the grader judged that the passages do not answer the question (grade ${state.grade.score} of 5)`,
        trace: [
          traceEvent(state, "generate", {
            sentences: 0,
            not_found: true,
            cites: [],
            skipped: `llm grader: not answerable (grade ${state.grade.score}, ${state.retries} retries): not found, generator not called`,
          }),
        ],
      };
    }
    const { generator, embedder, readerSimilarity, readerMinScore } = await deps();
    const writer = config?.writer;
    const meter = createStepMeter(writer ? (text) => writer({ answer_token: text }) : undefined);
    const { draft, planted } = withoutPlantedInstructions(
      await generator(
        {
          question: state.question,
          bundle: state.evidence,
          decision: state.route,
          grade: state.grade,
          ...(state.hops ? { hops: state.hops } : {}),
          ...(readerMinScore !== undefined ? { readerMinScore } : {}),
          // Opt-in: on 2 cores it costs ~0.2–0.6 s a question for +2 of 100 docqa dev answers.
          ...(readerSimilarity && embedder?.kind === "neural"
            ? { similarity: embedderSimilarity(embedder) }
            : {}),
        },
        meter.ctx,
      ),
    );
    // The offline reader found no answer: while retries are left, retrieve again (the first retry
    // switches strategy) rather than refuse. Offline only (no model tokens, no model notes): a
    // model's refusal has already streamed to the client.
    const offline = meter.tokens.prompt + meter.tokens.completion === 0 && meter.notes.length === 0;
    // Once per question: a second refusal stands (each retry costs a retrieval and a reading).
    const again =
      draft.not_found &&
      state.mode === "agent" &&
      offline &&
      state.refused.length === 0 &&
      state.retries < MAX_RETRIES;
    const attempt = state.used_attempt ?? state.retries;
    const refusal = draft.not_found ? (draft.refusal ?? "the generator found no answer") : null;
    return {
      draft,
      refusal,
      tokens: meter.tokens,
      ...(again ? { next_step: "retrieve" as const, retries: state.retries + 1, refused: [attempt] } : {}),
      trace: [
        traceEvent(state, "generate", {
          sentences: draft.sentences.length,
          not_found: draft.not_found,
          ...(refusal ? { refusal } : {}),
          ...(again
            ? {
                decision: `no answer in attempt ${attempt}'s evidence: retrieve again (${state.retries + 1}/${MAX_RETRIES})`,
              }
            : {}),
          cites: [...new Set(draft.sentences.flatMap((s) => s.cites))],
          ...(planted > 0 ? { planted_instructions_dropped: planted } : {}),
          ...meterDetail(meter),
        }),
      ],
    };
  };
}

/** The conditional edge after drafting: retrieve again after an offline "not found", or verify. */
export const afterGenerate = (state: GraphStateType): "retrieve_evidence" | "verify_answer" =>
  state.next_step === "retrieve" ? "retrieve_evidence" : "verify_answer";

/**
 * The draft without sentences that instruct a model (prompt injection quoted from a document);
 * none left is "not found", and the short answer goes with a dropped direct answer. Pure.
 */
export function withoutPlantedInstructions(draft: Draft): { draft: Draft; planted: number } {
  const sentences = draft.sentences.filter((s) => !isInjectedInstruction(s.text));
  const planted = draft.sentences.length - sentences.length;
  if (planted === 0) return { draft, planted };
  const firstKept = sentences[0] === draft.sentences[0];
  const not_found = draft.not_found || sentences.length === 0;
  const short_answer = !not_found && firstKept ? (draft.short_answer ?? null) : null;
  const refusal =
    draft.refusal ??
    (not_found
      ? "every drafted sentence instructed a model (text planted in a document): dropped"
      : undefined);
  return {
    draft: { ...draft, sentences, not_found, short_answer, ...(refusal ? { refusal } : {}) },
    planted,
  };
}
