import type { Config } from "../src/config.js";
import type { Embedder } from "../src/index/embeddings/embedder.js";
import { assertStoreModel } from "../src/index/embeddings/embedding-processor.js";
import type { LlmConfig } from "../src/llm/chat-model.js";
import type { Evidence } from "../src/retrieval/context-bundle.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { openGraphStore } from "../src/store/open-graph-store.js";
import { extractiveGenerator, type GenerateInput } from "./answer/extractive-generator.js";
import { offlineGrader } from "./answer/grade-evidence.js";
import { lexicalVerifier, type VerifiedDraft } from "./answer/verify-answer.js";
import type { ToolCache } from "./cached-tools.js";
import type { Tokens } from "./graph-state.js";
import { type HopPlan, ruleDecomposer } from "./retrieve/decompose-question.js";
import { ruleRouter } from "./router/rule-router.js";
import type { Draft, Grade, QuestionType, RouteDecision } from "./schemas.js";

/**
 * What a step may report besides its answer: the tokens its LLM calls used, why it fell back to
 * its offline twin (for the trace) and, for the generator, the answer text as it streams.
 */
export interface StepContext {
  addTokens(tokens: Tokens): void;
  note(text: string): void;
  onToken?: (text: string) => void;
}

// The replaceable steps. The offline ones ignore the context, so they fit these types as they are.
export type AgentRouter = (question: string, ctx?: StepContext) => Promise<RouteDecision>;
export type AgentGrader = (
  question: string,
  evidence: readonly Evidence[],
  type: QuestionType,
  ctx?: StepContext,
) => Promise<Grade>;
export type AgentGenerator = (input: GenerateInput, ctx?: StepContext) => Promise<Draft>;
/** Splits a multi-hop question into sub-questions; null when it has one hop. */
export type AgentDecomposer = (question: string, ctx?: StepContext) => Promise<HopPlan | null>;
export type AgentVerifier = (
  draft: Draft,
  evidence: readonly Evidence[],
  ctx?: StepContext,
) => Promise<VerifiedDraft>;

/**
 * What the agent's nodes run on: the GraphStore port, an embedder when the store has vectors, and
 * the four replaceable steps. Unset steps are offline, or the LLM ones when `llm` says AGR_LLM=openai.
 */
export interface AgentDeps {
  store: GraphStore;
  embedder?: Embedder;
  router?: AgentRouter;
  grader?: AgentGrader;
  generator?: AgentGenerator;
  verifier?: AgentVerifier;
  decomposer?: AgentDecomposer;
  llm?: LlmConfig;
  /** Caches tool results per store version (the server's); none for one-off runs. */
  toolCache?: ToolCache;
  /** AGR_READER_SIMILARITY: the offline reader embeds its best candidate sentences at query time. */
  readerSimilarity?: boolean;
  /** AGR_READER_MIN_SCORE: the offline reader's floor for an answer (unset: DEFAULT_READER's). */
  readerMinScore?: number;
}

/**
 * The agent settings the configuration gives: the LLM steps (AGR_LLM) and the offline reader's
 * (AGR_READER_SIMILARITY, AGR_READER_MIN_SCORE). Every way of opening the agent (CLI, server,
 * evals) takes them from here, so a setting never works in one and is silently ignored in another.
 */
export function configuredDeps(
  config: Config,
): Pick<AgentDeps, "llm" | "readerSimilarity" | "readerMinScore"> {
  return {
    llm: config,
    ...(config.readerSimilarity ? { readerSimilarity: true } : {}),
    ...(config.readerMinScore !== undefined ? { readerMinScore: config.readerMinScore } : {}),
  };
}

/** What answers, as reports say it: "offline" or "openai:<model>", with reader settings that are not the default. */
export function answererOf(config: Config): string {
  if (config.llm === "openai") return `openai:${config.llmModel}`;
  const settings = [
    ...(config.readerSimilarity ? ["reader similarity"] : []),
    ...(config.readerMinScore !== undefined ? [`reader floor ${config.readerMinScore}`] : []),
  ];
  return settings.length > 0 ? `offline (${settings.join(", ")})` : "offline";
}

export interface ResolvedDeps extends AgentDeps {
  router: AgentRouter;
  grader: AgentGrader;
  generator: AgentGenerator;
  verifier: AgentVerifier;
  decomposer: AgentDecomposer;
}

/** Fills the unset steps: LLM ones when configured (loaded on demand), else the offline ones. */
export async function withDefaults(deps: AgentDeps): Promise<ResolvedDeps> {
  let defaults: Pick<ResolvedDeps, "router" | "grader" | "generator" | "verifier" | "decomposer"> = {
    decomposer: ruleDecomposer,
    router: ruleRouter,
    grader: offlineGrader,
    generator: extractiveGenerator,
    verifier: lexicalVerifier,
  };
  if (deps.llm?.llm === "openai") {
    const { createLlmSteps } = await import("./llm/llm-steps.js");
    defaults = (await createLlmSteps(deps.llm)) ?? defaults;
  }
  return {
    ...deps,
    router: deps.router ?? defaults.router,
    grader: deps.grader ?? defaults.grader,
    generator: deps.generator ?? defaults.generator,
    verifier: deps.verifier ?? defaults.verifier,
    decomposer: deps.decomposer ?? defaults.decomposer,
  };
}

export type CreateEmbedder = (
  config: Config,
) => Promise<{ embedder: Embedder; warning?: string } | undefined>;

export interface OpenedDeps {
  deps: AgentDeps;
  warnings: string[];
  close(): Promise<void>;
}

/**
 * Opens the store the configuration names and the embedder it selects. A store indexed without
 * vectors gets no embedder: embedding the question would find nothing to compare with.
 */
export async function openAgentDeps(config: Config, createEmbedder?: CreateEmbedder): Promise<OpenedDeps> {
  const store = await openGraphStore(config);
  const warnings: string[] = [];
  let embedder: Embedder | undefined;
  try {
    if ((await store.vectorModel()) && createEmbedder) {
      const made = await createEmbedder(config);
      if (made?.warning) warnings.push(made.warning);
      embedder = made?.embedder;
      // Vectors of another model would rank silently wrong: refuse instead.
      if (embedder) await assertStoreModel(store, embedder);
    }
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    deps: { store, ...configuredDeps(config), ...(embedder ? { embedder } : {}) },
    warnings,
    close: async () => {
      await embedder?.close?.();
      await store.close();
    },
  };
}
