import { resolve } from "node:path";
import type { Command } from "commander";
import type { CreateEmbedder } from "../../agents/agent-deps.js";

export interface McpDeps {
  createEmbedder?: CreateEmbedder;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `agr mcp [--store f] [--workspace w] [--ingest-root dir ...]`: the MCP server over stdio for an agent host
 * (search, ask, ingest, get_source). The SDK and the engine load only when the command runs.
 */
export function registerMcp(program: Command, deps: McpDeps = {}): void {
  program
    .command("mcp")
    .description("serve the MCP tools (search, ask, ingest, get_source) over stdio for an agent host")
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option(
      "--ingest-root <dir>",
      "a folder the ingest tool may read (repeatable; default AGR_HTTP_INGEST_ROOTS, none: ingest refused)",
      collect,
    )
    .action(async (opts: { store?: string; workspace?: string; ingestRoot?: string[] }) => {
      const roots = (opts.ingestRoot ?? []).map((r) => resolve(r));
      const { storeConfig } = await import("./open-store.js");
      // storeConfig applies --workspace (added by main.ts) or AGR_WORKSPACE.
      const config = storeConfig(opts, roots.length ? { httpIngestRoots: roots } : {});
      const { serveStdio } = await import("../mcp/mcp-stdio.js");
      const createEmbedder =
        deps.createEmbedder ?? (await import("../index/index-processors.js")).embedderFor;
      await serveStdio(config, { createEmbedder });
      // The model's threads and the store's handles would keep the process alive after the host left.
      process.exit(0);
    });
}
