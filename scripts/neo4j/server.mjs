// Start, stop and list the local Neo4j servers (see scripts/neo4j.mjs). A server is a detached JVM
// running Launcher on a home directory that holds its store, launcher.log, neo4j.pid and neo4j.json.
import { spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect, createServer } from "node:net";
import { join, resolve } from "node:path";
import {
  alive,
  CACHE,
  CLASSES,
  HOST,
  JVM_OPENS,
  LIB,
  log,
  PLUGINS,
  readJson,
  requireJava,
  setup,
  sleep,
} from "./setup.mjs";

export const defaultHome = (port) => join(CACHE, `data-${port}`);
const pidFile = (home) => join(home, "neo4j.pid");
const infoFile = (home) => join(home, "neo4j.json");
const logFile = (home) => join(home, "launcher.log");

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, HOST, () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

/** True when something accepts TCP connections on the port. */
const listening = (port) =>
  new Promise((ok) => {
    const sock = connect({ host: HOST, port });
    sock.setTimeout(1000);
    const done = (up) => {
      sock.destroy();
      ok(up);
    };
    sock.on("connect", () => done(true));
    sock.on("timeout", () => done(false));
    sock.on("error", () => done(false));
  });

/** The pid of the launcher serving `home`, or null; a pid recycled by another program does not count. */
function runningPid(home) {
  const pid = Number(readFileSync(pidFile(home), "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("Launcher") && cmdline.includes(home) ? pid : null;
  } catch {
    return pid; // no /proc (macOS): trust the pid file
  }
}

const pidExists = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

const pidIfAny = (home) => (existsSync(pidFile(home)) ? runningPid(home) : null);

function logTail(home) {
  try {
    return readFileSync(logFile(home), "utf8").split("\n").slice(-15).join("\n");
  } catch {
    return "";
  }
}

const readyLine = (home) => {
  try {
    const line = readFileSync(logFile(home), "utf8")
      .split("\n")
      .find((l) => l.startsWith('{"uri":'));
    return line ? JSON.parse(line) : null;
  } catch {
    return null;
  }
};

async function launch({ port, home, plugins, heap, timeoutMs }) {
  mkdirSync(home, { recursive: true });
  const running = pidIfAny(home);
  if (running) {
    const info = readJson(infoFile(home));
    if (info && (await listening(info.port))) return { uri: info.uri, pid: running, home, reused: true };
    throw new Error(`a server (pid ${running}) is starting or stuck on ${home}: stop it first`);
  }
  if (await listening(port)) throw new Error(`port ${port} is already in use`);
  const out = openSync(logFile(home), "w");
  const cp = [join(LIB, "*"), ...(plugins ? [join(PLUGINS, "*")] : []), CLASSES].join(":");
  const args = [`-Xmx${heap}`, ...JVM_OPENS, "-cp", cp, "Launcher", "--home", home, "--port", String(port)];
  if (plugins) args.push("--plugins", PLUGINS);
  const child = spawn("java", args, { detached: true, stdio: ["ignore", out, out], cwd: home });
  closeSync(out);
  child.unref();
  let exited = null;
  child.on("exit", (code, signal) => {
    exited = signal ?? code;
  });
  writeFileSync(pidFile(home), `${child.pid}\n`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== null) {
      rmSync(pidFile(home), { force: true });
      const tail = logTail(home);
      const err = new Error(`server exited (${exited}) before Bolt answered; ${logFile(home)}:\n${tail}`);
      err.bindFailed = /Address already in use|BindException/.test(tail);
      throw err;
    }
    const ready = readyLine(home);
    if (ready && (await listening(port))) {
      const info = { uri: ready.uri, pid: child.pid, port, home, plugins };
      writeFileSync(infoFile(home), `${JSON.stringify(info)}\n`);
      return { uri: ready.uri, pid: child.pid, home, reused: false };
    }
    await sleep(200);
  }
  await terminate(home, child.pid, 10_000);
  throw new Error(`Bolt did not answer on ${HOST}:${port} within ${timeoutMs / 1000} s:\n${logTail(home)}`);
}

/** Starts a detached server; resolves once Bolt answers. Port 0 picks a free one. */
export async function start({ port = 0, home, plugins = true, heap = "1g", timeoutMs = 180_000 } = {}) {
  await setup();
  requireJava(false);
  for (let attempt = 1; ; attempt++) {
    const p = port || (await freePort());
    const h = home ? resolve(home) : defaultHome(p);
    try {
      return await launch({ port: p, home: h, plugins, heap, timeoutMs });
    } catch (error) {
      // A port picked here can be taken by someone else before the JVM binds it: pick another.
      if (port || !error.bindFailed || attempt >= 3) throw error;
      log(`port ${p} was taken meanwhile, retrying`);
    }
  }
}

async function terminate(home, pid, timeoutMs) {
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) {
    log(`pid ${pid} still running after ${timeoutMs / 1000} s: SIGKILL`);
    process.kill(pid, "SIGKILL");
    while (alive(pid)) await sleep(100);
  }
  // Exited; give its reaper (init, after our own start process is gone) a moment to clear the pid.
  for (let i = 0; i < 50 && pidExists(pid); i++) await sleep(100);
  rmSync(pidFile(home), { force: true });
  rmSync(infoFile(home), { force: true });
}

/** Every home under .cache/neo4j that has a pid file. */
export function servers() {
  if (!existsSync(CACHE)) return [];
  return readdirSync(CACHE)
    .filter((d) => d.startsWith("data-"))
    .map((d) => join(CACHE, d))
    .filter((h) => existsSync(pidFile(h)))
    .map((home) => ({ home, pid: runningPid(home), uri: readJson(infoFile(home))?.uri ?? null }));
}

/** SIGTERM from the pid file, SIGKILL after timeoutMs; true when a server was running. */
export async function stop({ port, home, timeoutMs = 30_000 } = {}) {
  let h = home ? resolve(home) : port ? defaultHome(port) : null;
  if (!h) {
    const running = servers().filter((s) => s.pid);
    if (running.length !== 1)
      throw new Error(
        `${running.length} servers running under ${CACHE}: say which with --port or --home` +
          running.map((s) => `\n  ${s.uri} ${s.home}`).join(""),
      );
    h = running[0].home;
  }
  const pid = pidIfAny(h);
  if (!pid) {
    rmSync(pidFile(h), { force: true });
    rmSync(infoFile(h), { force: true });
    return false;
  }
  await terminate(h, pid, timeoutMs);
  return true;
}
