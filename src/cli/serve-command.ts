import type { Command } from "commander";
import type { CreateEmbedder } from "../../agents/agent-deps.js";
import { userError } from "../errors.js";
import { storeConfig } from "./open-store.js";

export interface ServeDeps {
  createEmbedder?: CreateEmbedder;
}

/** `agr serve [--host] [--port] [--store] [--allow-public]`: the HTTP API until SIGINT/SIGTERM, then a graceful stop. */
export function registerServe(program: Command, deps: ServeDeps = {}): void {
  program
    .command("serve")
    .description("serve the native JSON API and the OpenAI-compatible chat endpoint over HTTP")
    .option("--host <host>", "interface to bind (default 127.0.0.1, or AGR_HTTP_HOST)")
    .option("--port <port>", "port (default 8080, or AGR_HTTP_PORT; 0 = any free port)")
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option(
      "--allow-public",
      "serve beyond loopback without API keys (AGR_HTTP_ALLOW_PUBLIC=1); refused otherwise",
    )
    .action(async (opts: { host?: string; port?: string; store?: string; allowPublic?: boolean }) => {
      const port = opts.port === undefined ? undefined : Number(opts.port);
      if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535))
        throw userError("bad_option", "--port must be an integer 0–65535");
      const config = storeConfig(
        opts,
        {
          ...(opts.host ? { httpHost: opts.host } : {}),
          ...(port !== undefined ? { httpPort: port } : {}),
          ...(opts.allowPublic ? { httpAllowPublic: true } : {}),
        },
        // The server holds "default" and AGR_WORKSPACES, each opened from the base settings.
        { workspace: false },
      );
      const [{ startServer }, { describeStore }] = await Promise.all([
        import("../http/server.js"),
        import("../store/open-graph-store.js"),
      ]);
      const server = await startServer(
        config,
        deps.createEmbedder ? { createEmbedder: deps.createEmbedder } : {},
      );
      // One machine-readable line first: scripts and tests wait for it to learn the port.
      process.stdout.write(`${JSON.stringify({ url: server.url, port: server.port, pid: process.pid })}\n`);
      const stop = (signal: string) => {
        process.stderr.write(`agr serve: ${signal}, finishing in-flight requests\n`);
        void server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once("SIGINT", () => stop("SIGINT"));
      process.once("SIGTERM", () => stop("SIGTERM"));
      try {
        await server.ready;
        process.stderr.write(`agr serve: ready on ${server.url} (store ${describeStore(config)})\n`);
      } catch {
        // Stays up: /healthz answers, /readyz says why it is not ready.
      }
    });
}
