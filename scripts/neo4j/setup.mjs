// Setup of the local Neo4j (see scripts/neo4j.mjs): jars from Maven Central into .cache/neo4j
// (Maven repository .cache/m2, so reruns and CI caches are fast) and the launcher compiled with javac;
// each step is skipped when its inputs (pom.xml, Launcher.java) have not changed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SRC = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(SRC, "..", "..");
const POM = join(SRC, "pom.xml");
const LAUNCHER = join(SRC, "Launcher.java");
export const CACHE = join(ROOT, ".cache", "neo4j");
const M2 = join(ROOT, ".cache", "m2");
export const LIB = join(CACHE, "lib");
export const PLUGINS = join(CACHE, "plugins");
export const CLASSES = join(CACHE, "classes");
const STAMP = join(CACHE, "setup.json");
const LOCK = join(CACHE, "setup.lock");
export const HOST = "127.0.0.1";
// Netty and the page cache reach into the JDK; without these Java 17 refuses at start.
export const JVM_OPENS = [
  "--add-opens=java.base/java.nio=ALL-UNNAMED",
  "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
  "--add-opens=java.base/java.io=ALL-UNNAMED",
  "-Dio.netty.tryReflectionSetAccessible=true",
];

export const log = (msg) => process.stderr.write(`neo4j: ${msg}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === "EPERM";
  }
  try {
    // A zombie (exited, not yet reaped by a container's init) is gone for our purposes.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc (macOS)
  }
};

/** A missing prerequisite (java, javac, mvn): the CLI exits 2 with the message. */
export class MissingTool extends Error {}

function requireTool(cmd, args, hint) {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.error || r.status !== 0)
    throw new MissingTool(
      `${cmd} not found or not working: ${hint} (${r.error?.message ?? `exit ${r.status}`})`,
    );
  return `${r.stdout}${r.stderr}`;
}

export function requireJava(withCompiler) {
  const hint = "install a JDK 17+ (e.g. apt-get install openjdk-17-jdk-headless)";
  const out = requireTool("java", ["-version"], hint);
  const major = Number(/version "(?:1\.)?(\d+)/.exec(out)?.[1] ?? 0);
  if (major < 17) throw new MissingTool(`java ${major || "?"} found, Neo4j 5.26 needs 17+: ${hint}`);
  if (withCompiler) requireTool("javac", ["-version"], hint);
}

function run(cmd, args) {
  // Captured, shown only on failure: stdout carries just the result (the JSON line).
  const r = spawnSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 26 });
  if (r.status !== 0) {
    const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n");
    throw new Error(
      `${cmd} ${args.join(" ")} failed (${r.error?.message ?? `exit ${r.status}`}):\n${output}`,
    );
  }
}

const sha256 = (...files) => {
  const h = createHash("sha256");
  for (const f of files) h.update(readFileSync(f));
  return h.digest("hex");
};

export const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

async function withLock(work) {
  mkdirSync(CACHE, { recursive: true });
  // mkdir is atomic: parallel test files that all need setup wait for the first one.
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), `${process.pid}\n`);
      break;
    } catch {
      // A setup killed midway (e.g. a test timeout) leaves its lock: take it over.
      const holder = Number(readJson(join(LOCK, "pid")));
      if (holder > 0 && !alive(holder)) rmSync(LOCK, { recursive: true, force: true });
      else if (waited > 15 * 60_000) throw new Error(`stale lock ${LOCK}: remove it and retry`);
      else await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

const want = () => ({ pom: sha256(POM), launcher: sha256(POM, LAUNCHER) });
const resolved = (s, w) => s?.pom === w.pom && existsSync(LIB) && existsSync(PLUGINS);
const compiled = (s, w) => s?.launcher === w.launcher && existsSync(join(CLASSES, "Launcher.class"));

/** Resolves the jars (keyed on pom.xml) and compiles the launcher (keyed on pom + source). */
export async function setup() {
  const w = want();
  const s = readJson(STAMP);
  if (resolved(s, w) && compiled(s, w)) return;
  await withLock(async () => {
    const stamp = readJson(STAMP) ?? {};
    if (!resolved(stamp, w)) {
      requireTool("mvn", ["-v"], "install Apache Maven 3.6.3+ (e.g. apt-get install maven)");
      requireJava(false);
      log(`resolving Neo4j, APOC and GDS jars from Maven Central (repository ${M2})`);
      // Fresh directories: jars of an older pom must not stay on the classpath.
      rmSync(LIB, { recursive: true, force: true });
      rmSync(PLUGINS, { recursive: true, force: true });
      run("mvn", [
        "-B",
        "-q",
        "-Dstyle.color=never",
        "-f",
        POM,
        `-Dmaven.repo.local=${M2}`,
        `-Dneo4j.lib=${LIB}`,
        `-Dneo4j.plugins=${PLUGINS}`,
        "dependency:copy-dependencies@server",
        "dependency:copy-dependencies@plugins",
      ]);
      stamp.pom = w.pom;
      delete stamp.launcher;
      writeFileSync(STAMP, `${JSON.stringify(stamp)}\n`);
    }
    if (!compiled(stamp, w)) {
      requireJava(true);
      log("compiling Launcher.java");
      rmSync(CLASSES, { recursive: true, force: true });
      run("javac", ["-d", CLASSES, "-cp", join(LIB, "*"), LAUNCHER]);
      stamp.launcher = w.launcher;
      writeFileSync(STAMP, `${JSON.stringify(stamp)}\n`);
    }
  });
}
