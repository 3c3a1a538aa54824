import { Command } from "commander";
import { embedderFor, indexProcessorsFor } from "../index/index-processors.js";
import { registerAsk } from "./ask-command.js";
import { registerEval } from "./eval-command.js";
import { registerFeedback } from "./feedback-command.js";
import { registerIngest } from "./ingest-command.js";
import { registerMigrate } from "./migrate-command.js";
import { registerNeo4j } from "./neo4j-command.js";
import { fail } from "./output.js";
import { registerRefs } from "./refs-command.js";
import { registerRetrieve } from "./retrieve-command.js";
import { registerServe } from "./serve-command.js";
import { registerStats } from "./stats-command.js";

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
registerEval(program, {
  createEmbedder: embedderFor,
  indexProcessors: ({ embedder }) => indexProcessorsFor(embedder),
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  fail(error);
}
