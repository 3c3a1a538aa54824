import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { freePort } from "../ingest/test-helpers.js";

const SCRIPT = resolve(import.meta.dirname, "../../scripts/llm-server.mjs");

/**
 * Starts the project's REAL local model server (`scripts/llm-server.mjs serve`: llama.cpp from
 * PyPI xllamacpp with SmolLM2-135M from PyPI) on a free port; resolves with its base URL. Fails,
 * saying why, when it cannot start: never a skip.
 */
export async function startLlmServer(): Promise<{ baseUrl: string; stop(): void; kill(): number }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, "serve", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (d) => {
    log = (log + d.toString()).slice(-4000);
  });
  const baseUrl = await new Promise<string>((ok, fail) => {
    child.stdout?.on("data", (d: Buffer) => {
      const m = /ready (\S+)/.exec(d.toString());
      if (m?.[1]) ok(m[1]);
    });
    child.on("exit", (code) =>
      fail(new Error(`local LLM server could not start (npm run llm:setup; exit ${code}): ${log}`)),
    );
  });
  return { baseUrl, stop: () => child.kill(), kill: () => killServer(child) };
}

/**
 * SIGKILLs the llama.cpp server itself (the python child of the launcher, found through /proc:
 * Linux), as a crash would, and returns its pid; the launcher then exits on its own.
 */
function killServer(launcher: ChildProcess): number {
  const pid = launcher.pid;
  if (pid === undefined) throw new Error("the LLM server launcher has no pid");
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/);
  const server = Number(children[0]);
  if (!Number.isInteger(server) || server <= 0) throw new Error(`no server process under ${pid}`);
  process.kill(server, "SIGKILL");
  return server;
}
