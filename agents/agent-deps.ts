import type { Config } from "../src/config.js";
import type { Embedder } from "../src/index/embeddings/embedder.js";
import { SqliteGraphStore } from "../src/store/embedded/sqlite-store.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { extractiveGenerator, type Generator } from "./answer/extractive-generator.js";
import { type EvidenceGrader, offlineGrader } from "./answer/grade-evidence.js";
import { lexicalVerifier, type Verifier } from "./answer/verify-answer.js";
import { type Router, ruleRouter } from "./router/rule-router.js";

/**
 * What the agent's nodes run on: the GraphStore port, an embedder when the store has vectors, and
 * the four replaceable steps (offline by default; an LLM version of each fits the same type).
 */
export interface AgentDeps {
  store: GraphStore;
  embedder?: Embedder;
  router?: Router;
  grader?: EvidenceGrader;
  generator?: Generator;
  verifier?: Verifier;
}

export interface ResolvedDeps extends AgentDeps {
  router: Router;
  grader: EvidenceGrader;
  generator: Generator;
  verifier: Verifier;
}

export const withDefaults = (deps: AgentDeps): ResolvedDeps => ({
  router: ruleRouter,
  grader: offlineGrader,
  generator: extractiveGenerator,
  verifier: lexicalVerifier,
  ...deps,
});

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
  const store = SqliteGraphStore.open(config.storePath);
  const warnings: string[] = [];
  let embedder: Embedder | undefined;
  try {
    if ((await store.vectorModel()) && createEmbedder) {
      const made = await createEmbedder(config);
      if (made?.warning) warnings.push(made.warning);
      embedder = made?.embedder;
    }
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    deps: { store, ...(embedder ? { embedder } : {}) },
    warnings,
    close: async () => {
      await embedder?.close?.();
      await store.close();
    },
  };
}
