import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Command } from "commander";
import { z } from "zod";
import { packageRoot } from "../domain/package-root.js";
import { describeError, internalError, userError } from "../errors.js";
import { startNeo4j, stopNeo4j } from "../store/neo4j/local-server.js";

const SCRIPT = join(packageRoot(), "scripts", "neo4j.mjs");
export const DEFAULT_NEO4J_PORT = 7687;

const ServerListSchema = z.array(
  z.object({ home: z.string(), pid: z.number().int().nullable(), uri: z.string().nullable() }),
);
export type LocalServerInfo = z.infer<typeof ServerListSchema>[number];

function parsePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_NEO4J_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw userError("bad_option", "--port must be an integer 1–65535");
  return port;
}

/** The local servers scripts/neo4j.mjs knows (homes under .cache/neo4j with a pid file). */
export async function localServers(): Promise<LocalServerInfo[]> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, "status", "--json"], {
      timeout: 30_000,
    });
    return ServerListSchema.parse(JSON.parse(stdout.trim() || "[]"));
  } catch (error) {
    throw internalError("neo4j_status_failed", `scripts/neo4j.mjs status: ${describeError(error)}`, error);
  }
}

const portOf = (uri: string | null): number | null =>
  uri ? Number(uri.slice(uri.lastIndexOf(":") + 1)) : null;

/** `agr neo4j start|stop|status`: the project's own local Neo4j 5.26 (scripts/neo4j.mjs). */
export function registerNeo4j(program: Command): void {
  const neo4j = program
    .command("neo4j")
    .description("run the bundled local Neo4j 5.26 (needs Java 17+ and Maven)");

  neo4j
    .command("start")
    .description("start a local Neo4j (Bolt on 127.0.0.1, no auth) and return once Bolt answers")
    .option("--port <port>", `Bolt port (default ${DEFAULT_NEO4J_PORT})`)
    .option("--home <dir>", "data directory (default .cache/neo4j/data-<port>, kept between runs)")
    .option("--no-plugins", "without APOC and GDS (starts faster; no graph algorithms in the database)")
    .option("--heap <size>", "JVM heap, e.g. 1g (default) or 4g")
    .option("--json", 'print one line {"uri", "pid"}')
    .action(
      async (opts: { port?: string; home?: string; plugins: boolean; heap?: string; json?: boolean }) => {
        const port = parsePort(opts.port);
        if (opts.heap !== undefined && !/^\d+[kmgKMG]?$/.test(opts.heap))
          throw userError("bad_option", "--heap must look like 512m or 2g");
        const server = await startNeo4j({
          port,
          plugins: opts.plugins,
          ...(opts.home ? { home: opts.home } : {}),
          ...(opts.heap ? { heap: opts.heap } : {}),
        });
        if (opts.json) {
          process.stdout.write(`${JSON.stringify({ uri: server.uri, pid: server.pid })}\n`);
          return;
        }
        const stop = `agr neo4j stop --port ${server.port}${opts.home ? ` --home ${opts.home}` : ""}`;
        process.stdout.write(
          `Neo4j is running at ${server.uri} (pid ${server.pid}). Use it with:\n` +
            `  export NEO4J_URI=${server.uri}\n` +
            `Stop it with: ${stop}\n`,
        );
      },
    );

  neo4j
    .command("stop")
    .description("stop a local Neo4j started by `agr neo4j start`")
    .option("--port <port>", `Bolt port (default ${DEFAULT_NEO4J_PORT})`)
    .option("--home <dir>", "data directory it was started with (when not the default)")
    .option("--json", 'print one line {"stopped", "port"}')
    .action(async (opts: { port?: string; home?: string; json?: boolean }) => {
      const port = parsePort(opts.port);
      // Asked first only for the message: stop also clears a stale pid file.
      const running = opts.home
        ? true
        : (await localServers()).some((s) => s.pid !== null && portOf(s.uri) === port);
      await stopNeo4j(opts.home ? { home: opts.home } : { port });
      if (opts.json) process.stdout.write(`${JSON.stringify({ stopped: running, port })}\n`);
      else
        process.stdout.write(
          running ? `stopped local Neo4j on port ${port}\n` : `no local Neo4j on port ${port}\n`,
        );
    });

  neo4j
    .command("status")
    .description("list the local Neo4j servers")
    .option("--json", 'print one line {"servers": [{"uri", "pid", "home"}]}')
    .action(async (opts: { json?: boolean }) => {
      const servers = await localServers();
      if (opts.json) {
        process.stdout.write(`${JSON.stringify({ servers })}\n`);
        return;
      }
      if (servers.length === 0) process.stdout.write("no local Neo4j servers\n");
      for (const s of servers)
        process.stdout.write(`${s.pid ? `running ${s.uri} pid ${s.pid}` : "stale pid file"} ${s.home}\n`);
    });
}
