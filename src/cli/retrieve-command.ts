import { type Command, Option } from "commander";
import type { Config } from "../config.js";
import { userError } from "../errors.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import { DEFAULT_TOKEN_BUDGET } from "../retrieval/build-bundle.js";
import type { Citation } from "../retrieval/context-bundle.js";
import { RetrievalModeSchema } from "../retrieval/retrieval-mode.js";
import { FILTER_HELP, filterOption } from "./filter-option.js";
import { withStore } from "./open-store.js";
import { printJson, warn } from "./output.js";

export interface RetrieveDeps {
  createEmbedder?: (config: Config) => Promise<{ embedder: Embedder; warning?: string } | undefined>;
}

export function registerRetrieve(program: Command, deps: RetrieveDeps = {}): void {
  program
    .command("retrieve")
    .description("retrieve a cited, token-budgeted context bundle for a question")
    .argument("<question>", "the question")
    .addOption(
      new Option("--mode <mode>", "retrieval mode").choices(RetrievalModeSchema.options).default("ppr"),
    )
    .option("--k <n>", "candidates to rank before packing", "30")
    .option("--budget <tokens>", "token budget of the bundle", String(DEFAULT_TOKEN_BUDGET))
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option("--no-expand", "skip structure expansion (parents, siblings, tables/code, cross references)")
    .option("--json", "print the ContextBundle as JSON")
    .option("--filter <filter>", FILTER_HELP)
    .action(
      async (
        question: string,
        opts: {
          mode: string;
          k: string;
          budget: string;
          store?: string;
          json?: boolean;
          expand: boolean;
          filter?: string;
        },
      ) => {
        const mode = RetrievalModeSchema.parse(opts.mode);
        const filter = await filterOption(opts.filter);
        const k = Number.parseInt(opts.k, 10);
        const budget = Number.parseInt(opts.budget, 10);
        if (!(k > 0) || !(budget > 0))
          throw userError("bad_option", "--k and --budget must be positive integers");
        const [{ assertStoreModel }, { retrieveBundle }] = await Promise.all([
          import("../index/embeddings/embedding-processor.js"),
          import("../retrieval/retrieve-bundle.js"),
        ]);
        const bundle = await withStore(opts, async (store, config) => {
          const made = deps.createEmbedder ? await deps.createEmbedder(config) : undefined;
          if (made?.warning) warn(made.warning);
          try {
            // A store embedded with another model would rank silently wrong: refuse instead.
            if (made && (await store.vectorModel())) await assertStoreModel(store, made.embedder);
            return await retrieveBundle({ store, embedder: made?.embedder }, question, {
              mode,
              k,
              budget,
              expand: opts.expand,
              ...(filter ? { filter } : {}),
            });
          } finally {
            await made?.embedder.close?.();
          }
        });
        if (opts.json) return printJson(bundle);
        if (bundle.evidence.length === 0)
          return void process.stdout.write("no evidence found in the indexed documents\n");
        const lines = bundle.evidence.map(
          (e) =>
            `[${e.sid}] ${e.title} > ${e.heading_path.join(" > ")}${e.expansion ? `  (+${e.expansion.reason}, ${e.expansion.hops} hop${e.expansion.hops > 1 ? "s" : ""})` : ""}\n     ${cite(e.citation)}\n     ${e.text.slice(0, 240).replace(/\s+/g, " ")}`,
        );
        const where = bundle.summaries.map((s) => `  ${s.breadcrumbs}: ${s.lead.slice(0, 100)}`);
        process.stdout.write(
          `${lines.join("\n")}\nsections:\n${where.join("\n")}\n(${bundle.token_count}/${bundle.token_budget} tokens)\n`,
        );
      },
    );
}

function cite(c: Citation): string {
  return c.kind === "url" ? c.url : `${c.uri} page ${c.page}${c.bboxes[0] ? ` bbox ${c.bboxes.length}` : ""}`;
}
