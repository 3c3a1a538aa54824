import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { CreateEmbedder } from "../../agents/agent-deps.js";
import type { Config } from "../config.js";
import { describeError, userError } from "../errors.js";
import { openEngine } from "../service/engine.js";
import { forWorkspace } from "../service/workspaces.js";
import { createApp } from "./app.js";
import { ServerContext } from "./app-env.js";
import { isLoopbackHost } from "./middleware/allowed-host.js";
import { shareEmbedder } from "./share-embedder.js";
import { dispatchWorkspaces, workspaceDirectory } from "./workspace-dispatch.js";

export interface StartOptions {
  createEmbedder?: CreateEmbedder;
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The default workspace's context. */
  ctx: ServerContext;
  /** Every workspace's context, by name ("default" first). */
  contexts: ReadonlyMap<string, ServerContext>;
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
  const directory = workspaceDirectory(config);
  const anyKey = config.httpApiKeys.length > 0 || config.httpWorkspaceKeys.length > 0;
  if (!isLoopbackHost(config.httpHost) && !anyKey) {
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
  const contexts = new Map(
    directory.names.map((name) => [name, new ServerContext(forWorkspace(config, name), directory)]),
  );
  const ctx = contexts.get(directory.names[0] ?? "default") as ServerContext;
  // One workspace: its app is the server, as before workspaces. Several: a front door picks one.
  const front =
    contexts.size === 1
      ? createApp(ctx)
      : dispatchWorkspaces(new Map([...contexts].map(([name, c]) => [name, createApp(c)])), directory);
  const server = createAdaptorServer({ fetch: (req, env) => front.fetch(req, env) }) as Server;
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
  // Workspaces share the model (one copy in memory), not the store, caches or jobs.
  const shared = options.createEmbedder ? shareEmbedder(options.createEmbedder) : undefined;
  const ready = (async () => {
    // One by one: a failing workspace fails the start with its name, before the next loads.
    for (const [name, c] of contexts) {
      try {
        const engine = await openEngine(c.config, {
          ...(shared ? { createEmbedder: shared.create } : {}),
          log: (line) => log(contexts.size > 1 ? `[${name}] ${line}` : line),
        });
        for (const w of engine.warnings) log(`warning: ${w}`);
        c.ready(engine);
      } catch (error) {
        const why = contexts.size > 1 ? `workspace ${name}: ${describeError(error)}` : describeError(error);
        for (const other of contexts.values()) if (other.status === "starting") other.failed(why);
        throw error;
      }
    }
  })();
  ready.catch((error: unknown) => log(`agr serve: the engine failed to start: ${describeError(error)}`));
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${port}`,
    port,
    ctx,
    contexts,
    ready,
    close: () => {
      closing ??= (async () => {
        await ready.catch(() => undefined);
        const engines = [...contexts.values()].flatMap((c) => c.stopping() ?? []);
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const until = Date.now() + config.httpShutdownGraceMs;
        const jobs = Promise.all(engines.map((e) => e.jobs.stop(config.httpShutdownGraceMs)));
        while (inflight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
        await jobs;
        server.closeAllConnections();
        await stopped;
        for (const e of engines) await e.close(0);
        await shared?.close();
      })();
      return closing;
    },
  };
}
