import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CreateEmbedder } from "../../agents/agent-deps.js";
import type { Config } from "../config.js";
import { describeError } from "../errors.js";
import { type Engine, openEngine } from "../service/engine.js";
import { createMcpServer } from "./mcp-server.js";

export interface StdioOptions {
  createEmbedder?: CreateEmbedder;
  /** How long a running ingest job may take to reach its next checkpoint at exit. */
  graceMs?: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * `agr mcp`: the MCP tools over stdin/stdout until the host closes stdin (or SIGINT/SIGTERM).
 * stdout carries protocol messages only: console output of any library goes to stderr. The
 * transport starts at once (the host's handshake and tool list do not wait for the model); the
 * engine opens in the background and tool calls wait for it. At exit a running ingest job stops
 * at a checkpoint and resumes on the next start, as under `agr serve`.
 */
export async function serveStdio(config: Config, options: StdioOptions = {}): Promise<void> {
  // One stray console.log on stdout would corrupt the JSON-RPC stream the host reads.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  const opening = openEngine(config, {
    ...(options.createEmbedder ? { createEmbedder: options.createEmbedder } : {}),
    log,
  });
  opening.then(
    (engine) => {
      for (const w of engine.warnings) log(`warning: ${w}`);
      log(`agr mcp: ready (store ${config.storePath})`);
    },
    (error: unknown) => log(`agr mcp: the engine failed to start: ${describeError(error)}`),
  );
  const server = createMcpServer(() => opening, { log });
  const transport = new StdioServerTransport();
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await server.close().catch(() => undefined);
      const engine: Engine | undefined = await opening.catch(() => undefined);
      await engine?.close(options.graceMs ?? config.httpShutdownGraceMs);
    })();
    return closing;
  };
  const ended = new Promise<void>((resolve) => {
    // connect() takes over the transport's callbacks; the protocol layer reports its close here.
    server.server.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  await server.connect(transport);
  await ended;
  await close();
}
