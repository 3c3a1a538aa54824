import { Command } from "commander";
import { embedderFor } from "../index/index-processors.js";
import { registerAsk } from "./ask-command.js";
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

/** Builds the agr program, adds `more` after the built-in commands, and runs it on `argv`. */
export async function runAgr(argv: readonly string[], more: readonly RegisterCommand[] = []): Promise<void> {
  const program = new Command("agr")
    .description("agentic-graph-rag: structure-aware knowledge graph over your documents")
    .showHelpAfterError(false)
    .configureOutput({ outputError: (str, write) => write(`agr: ${str.replace(/^error: /, "").trim()}\n`) });

  registerIngest(program);
  registerStats(program);
  registerRefs(program);
  registerRetrieve(program, { createEmbedder: embedderFor });
  registerAsk(program, { createEmbedder: embedderFor });
  registerServe(program, { createEmbedder: embedderFor });
  registerFeedback(program);
  registerMigrate(program);
  registerNeo4j(program);
  registerMcp(program, { createEmbedder: embedderFor });
  for (const add of more) add(program);

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    fail(error);
  }
}
