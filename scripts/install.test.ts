import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(ROOT, file), "utf8"));

interface Locked {
  version?: string;
  engines?: { node?: string } | string[];
}

/** Every locked package whose `engines.node` refuses `node` (npm's EBADENGINE warning). */
function refusedEngines(packages: Record<string, Locked>, node: string): string[] {
  return Object.entries(packages).flatMap(([path, p]) => {
    const range = Array.isArray(p.engines) ? undefined : p.engines?.node;
    if (!range || semver.satisfies(node, range)) return [];
    return [`${path.replace(/^.*node_modules\//, "")}@${p.version} needs node ${range}`];
  });
}

describe("npm install tells the truth", () => {
  const pkg = readJson("package.json") as { engines: { node: string } };
  const lock = readJson("package-lock.json") as { packages: Record<string, Locked> };
  const oldest = semver.minVersion(pkg.engines.node)?.version ?? "";

  it("every locked package accepts the oldest Node that package.json admits", () => {
    expect(oldest).toBe("20.19.0");
    expect(refusedEngines(lock.packages, oldest)).toEqual([]);
    // The check itself: openai 7 (Node >= 22) would be refused.
    expect(
      refusedEngines({ "node_modules/openai": { version: "7.57.0", engines: { node: ">=22.0.0" } } }, oldest),
    ).toEqual(["openai@7.57.0 needs node >=22.0.0"]);
  });

  it("npm reads .npmrc without an unknown-config warning", () => {
    const r = spawnSync("npm", ["config", "get", "legacy-peer-deps"], { cwd: ROOT, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe("true");
    expect(r.stderr).not.toMatch(/Unknown .*config/);
  });
});
