import { Command } from "commander";
import type { CreateEmbedder } from "../../agents/agent-deps.js";
import { registerAsk } from "./ask-command.js";
import { registerExport } from "./export-command.js";
import { registerFeedback } from "./feedback-command.js";
import { registerIngest } from "./ingest-command.js";
import { registerMcp } from "./mcp-command.js";
import { registerMigrate } from "./migrate-command.js";
import { registerNeo4j } from "./neo4j-command.js";
import { fail } from "./output.js";
import { registerRefs } from "./refs-command.js";
import { registerRetrieve } from "./retrieve-command.js";
import { registerServe } from "./serve-command.js";
import { registerStats } from "./stats-command.js";

/** Adds a command that lives outside src/: bin/agr.mjs plugs in `agr eval` from evals/, which src/ never imports. */
export type RegisterCommand = (program: Command) => void;

/**
 * The embedder factory, loaded on first use. Every command registers its options up front but
 * imports its implementation inside its action, so `agr --help` never loads a model runtime,
 * LangChain or a parser (src/cli/lazy-cli.int.test.ts checks).
 */
const createEmbedder: CreateEmbedder = async (config) =>
  (await import("../index/index-processors.js")).embedderFor(config);

/** Builds the agr program, adds `more` after the built-in commands, and runs it on `argv`. */
export async function runAgr(argv: readonly string[], more: readonly RegisterCommand[] = []): Promise<void> {
  const program = new Command("agr")
    .description("agentic-graph-rag: structure-aware knowledge graph over your documents")
    .showHelpAfterError(false)
    .configureOutput({ outputError: (str, write) => write(`agr: ${str.replace(/^error: /, "").trim()}\n`) });

  registerIngest(program);
  registerStats(program);
  registerRefs(program);
  registerRetrieve(program, { createEmbedder });
  registerAsk(program, { createEmbedder });
  registerServe(program, { createEmbedder });
  registerFeedback(program);
  registerMigrate(program);
  registerNeo4j(program);
  registerMcp(program, { createEmbedder });
  registerExport(program);
  // Every command that opens a store can open a workspace's (serve holds them all: AGR_WORKSPACES).
  for (const cmd of program.commands)
    if (
      cmd.name() !== "serve" &&
      cmd.options.some((o) => o.long === "--store") &&
      !cmd.options.some((o) => o.long === "--workspace")
    )
      cmd.option(
        "--workspace <name>",
        "the workspace's own store (default: AGR_WORKSPACE, else the store itself)",
      );
  for (const add of more) add(program);

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    fail(error);
  }
}
