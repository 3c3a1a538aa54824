import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import { packageRoot } from "../../domain/package-root.js";
import { internalError, userError } from "../../errors.js";

const SCRIPT = join(packageRoot(), "scripts", "neo4j.mjs");
const run = promisify(execFile);
// The first start resolves ~140 MB of jars from Maven Central; later ones take seconds.
const START_TIMEOUT_MS = 20 * 60_000;
const STOP_TIMEOUT_MS = 60_000;

const Started = z.object({
  uri: z.string().regex(/^bolt:\/\/127\.0\.0\.1:\d+$/),
  pid: z.number().int().positive(),
});

export interface LocalNeo4jOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Store directory; default `.cache/neo4j/data-<port>` (kept between runs). */
  home?: string;
  /** APOC core and open-source GDS; default true. */
  plugins?: boolean;
  /** JVM heap, e.g. "1g" (the default) or "4g". */
  heap?: string;
}

export interface LocalNeo4j {
  uri: string;
  port: number;
  pid: number;
  /** SIGTERM, then SIGKILL if it has not exited within 30 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

async function script(args: string[], timeout: number): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, ...args], { timeout, maxBuffer: 1 << 20 });
    return stdout;
  } catch (error) {
    const e = error as { code?: unknown; stderr?: unknown; message?: unknown };
    const why = (typeof e.stderr === "string" && e.stderr.trim()) || String(e.message);
    const message = `scripts/neo4j.mjs ${args[0]}: ${why.replaceAll("neo4j: ", "").slice(-2000)}`;
    // Exit 2: java/javac 17+ or mvn missing, something the user installs.
    if (e.code === 2) throw userError("neo4j_prerequisite_missing", message, error);
    throw internalError("neo4j_local_server_failed", message, error);
  }
}

/** Stops the local server of `home`, or else of `port` (its default home). */
export async function stopNeo4j(where: { port?: number; home?: string }): Promise<void> {
  const args = where.home ? ["--home", where.home] : where.port ? ["--port", String(where.port)] : [];
  if (args.length === 0) throw userError("neo4j_stop_target", "stopNeo4j needs a port or a home");
  await script(["stop", ...args], STOP_TIMEOUT_MS);
}

/**
 * Starts the project's own Neo4j 5.26 (scripts/neo4j.mjs: Maven Central jars, Bolt on 127.0.0.1,
 * no auth) as a detached process and resolves once Bolt answers. A server already running on the
 * same home is reused.
 */
export async function startNeo4j(options: LocalNeo4jOptions = {}): Promise<LocalNeo4j> {
  const args = ["start", "--json", "--port", String(options.port ?? 0)];
  if (options.home) args.push("--home", options.home);
  if (options.plugins === false) args.push("--no-plugins");
  if (options.heap) args.push("--heap", options.heap);
  const stdout = await script(args, START_TIMEOUT_MS);
  const line = stdout.trim().split("\n").at(-1) ?? "";
  const parsed = Started.safeParse(parseJson(line));
  if (!parsed.success) throw internalError("neo4j_local_server_failed", `unexpected start output: ${line}`);
  const { uri, pid } = parsed.data;
  const port = Number(uri.slice(uri.lastIndexOf(":") + 1));
  return { uri, port, pid, stop: () => stopNeo4j(options.home ? { home: options.home } : { port }) };
}
