#!/usr/bin/env node
// Finds the machine's Chromium for the UI's end-to-end tests (playwright-core drives it; no
// browser download from a CDN, which CI cannot reach). When it is missing and we run as root on
// Debian/Ubuntu, installs the distribution's package (apt-get update, then install -y chromium).
//
//   node scripts/chromium.mjs            prints the executable path (installs when it can)
//   node scripts/chromium.mjs --check    prints the path or exits 1, never installs
//
// AGR_CHROMIUM overrides the path. Importable: findChromium(), ensureChromium().
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/lib/chromium/chromium",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

/** The first Chromium found, or undefined. */
export function findChromium() {
  const given = process.env.AGR_CHROMIUM;
  if (given) return existsSync(given) ? given : undefined;
  return CANDIDATES.find((p) => existsSync(p));
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, {
    // apt's progress goes to our stderr: stdout carries only the executable path, which callers read.
    stdio: ["ignore", process.stderr, "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
}

/** The Chromium path; installs the apt package when missing and allowed (root + apt-get). */
export function ensureChromium({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const found = findChromium();
  if (found) return found;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!root || !apt)
    throw new Error(
      "no Chromium found (looked in " +
        CANDIDATES.join(", ") +
        "). Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set AGR_CHROMIUM=/path/to/chrome.",
    );
  log("chromium: not found; installing the Debian package (apt-get update && apt-get install -y chromium)");
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
  const installed = findChromium();
  if (!installed) throw new Error("apt-get installed chromium but no executable was found");
  return installed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const path = process.argv.includes("--check") ? findChromium() : ensureChromium();
    if (!path) {
      process.stderr.write("no Chromium found; run node scripts/chromium.mjs (as root) to install it\n");
      process.exit(1);
    }
    process.stdout.write(`${path}\n`);
  } catch (error) {
    process.stderr.write(`chromium: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
