import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = join(import.meta.dirname, "chromium.mjs");
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

// The install path runs only as root; a stand-in apt-get that chatters on stdout (as the real
// one does) must not leak into the path the UI test reads from our stdout.
describe.skipIf(!isRoot)("scripts/chromium.mjs install path", () => {
  it("prints exactly the executable path on stdout, apt's output goes to stderr", () => {
    const dir = mkdtempSync(join(tmpdir(), "agr-chromium-"));
    try {
      const browser = join(dir, "chrome");
      const apt = join(dir, "apt-get");
      writeFileSync(
        apt,
        `#!/bin/sh\necho "Get:1 http://deb.example stable InRelease"\nif [ "$1" = install ]; then echo '#!/bin/sh' > "${browser}"; chmod +x "${browser}"; fi\n`,
      );
      chmodSync(apt, 0o755);
      const r = spawnSync(process.execPath, [SCRIPT], {
        encoding: "utf8",
        env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, AGR_CHROMIUM: browser },
      });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`${browser}\n`);
      expect(r.stderr).toContain("Get:1");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
