import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { CreateEmbedder } from "../../agents/agent-deps.js";
import type { Config } from "../config.js";
import { describeError, userError } from "../errors.js";
import { openEngine } from "../service/engine.js";
import { createApp } from "./app.js";
import { ServerContext } from "./app-env.js";
import { isLoopbackHost } from "./middleware/allowed-host.js";

export interface StartOptions {
  createEmbedder?: CreateEmbedder;
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  ctx: ServerContext;
  /** Resolves once the engine is open (or rejects when it failed to open). */
  ready: Promise<void>;
  /**
   * Graceful stop: new requests get 503, in-flight ones finish, the running ingest job stops at a
   * checkpoint (it resumes on the next start), then store and model close. Waits up to the grace.
   */
  close(): Promise<void>;
}

/**
 * Listens first (so /healthz answers while models load), then opens the engine; /readyz turns
 * 200 when it is open. Nothing here knows a route: see ./app.ts.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const shown = config.httpHost.includes(":") ? `[${config.httpHost}]` : config.httpHost;
  if (!isLoopbackHost(config.httpHost) && config.httpApiKeys.length === 0) {
    // Open beyond this machine, anyone who can reach the port could read, upload and delete.
    if (!config.httpAllowPublic)
      throw userError(
        "public_without_keys",
        `refusing to listen on ${shown} without API keys: anyone who can reach it could read and change the store. ` +
          "Set AGR_HTTP_API_KEYS, bind 127.0.0.1, or pass --allow-public (AGR_HTTP_ALLOW_PUBLIC=1) to serve it open anyway",
      );
    log(
      `warning: listening on ${shown} without API keys (--allow-public): anyone who can reach this port can read and change the store`,
    );
  }
  const ctx = new ServerContext(config);
  const app = createApp(ctx);
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  server.requestTimeout = 0; // long uploads and streams: the app's deadline decides
  // Node closes an idle keep-alive socket after 5 s by a timer that fires before pending reads are
  // handled: an event loop stalled past it (a PDF parse under load) reset a client's next request
  // on a busy socket (ECONNRESET seen in the load benchmark). Clients close their idle sockets first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  let inflight = 0;
  server.on("request", (_req, res) => {
    inflight++;
    res.on("close", () => inflight--);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.httpPort, config.httpHost, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const ready = openEngine(config, {
    ...(options.createEmbedder ? { createEmbedder: options.createEmbedder } : {}),
    log,
  }).then(
    (engine) => {
      for (const w of engine.warnings) log(`warning: ${w}`);
      ctx.ready(engine);
    },
    (error: unknown) => {
      ctx.failed(describeError(error));
      throw error;
    },
  );
  ready.catch((error: unknown) => log(`agr serve: the engine failed to start: ${describeError(error)}`));
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${port}`,
    port,
    ctx,
    ready,
    close: () => {
      closing ??= (async () => {
        await ready.catch(() => undefined);
        const engine = ctx.stopping();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const until = Date.now() + config.httpShutdownGraceMs;
        const jobs = engine?.jobs.stop(config.httpShutdownGraceMs);
        while (inflight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
        await jobs;
        server.closeAllConnections();
        await stopped;
        await engine?.close(0);
      })();
      return closing;
    },
  };
}
