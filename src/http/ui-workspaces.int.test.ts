import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** The UI's workspace switcher in a real browser: each workspace shows only its own documents. */
describe("web UI workspace switcher", () => {
  let ts: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    expect(spawnSync(process.execPath, [join(ROOT, "scripts/build-web.mjs")]).status).toBe(0);
    const chromiumPath = spawnSync(process.execPath, [join(ROOT, "scripts/chromium.mjs")], {
      encoding: "utf8",
    });
    expect(chromiumPath.status).toBe(0);
    ts = await startTestServer({ workspaces: ["beta"] });
    const root = ts.config.httpIngestRoots[0] as string;
    writeFileSync(join(root, "valve.md"), "# Valve guide\n\nThe valve opens at two bar.\n");
    const res = await ts.json("/v1/documents", {
      body: { paths: [join(root, "valve.md")] },
      headers: { "x-agr-workspace": "beta" },
    });
    expect(res.status).toBe(202);
    await ts.contexts.get("beta")?.engine().jobs.idle();
    browser = await chromium.launch({ executablePath: chromiumPath.stdout.trim() });
    page = await browser.newPage();
    await page.addInitScript({ content: "localStorage.setItem('agr.lang', 'en')" });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await ts?.close();
  });

  it("lists the workspaces, and switching shows the chosen workspace's documents only", async () => {
    await page.goto(`${ts.url}/#ingest`);
    await page.waitForSelector("[data-testid=workspace]");
    const options = await page.$$eval("[data-testid=workspace] option", (os) => os.map((o) => o.textContent));
    expect(options).toEqual(["default", "beta"]);
    await page.waitForSelector("[data-testid=stats]");
    expect(await page.$$("[data-testid=stats-row]")).toHaveLength(0);
    await Promise.all([page.waitForEvent("load"), page.selectOption("[data-testid=workspace]", "beta")]);
    await page.waitForSelector("[data-testid=stats-row]", { timeout: 30_000 });
    expect(await page.textContent("[data-testid=stats-row]")).toContain("Valve guide");
    expect(await page.inputValue("[data-testid=workspace]")).toBe("beta");
    await Promise.all([page.waitForEvent("load"), page.selectOption("[data-testid=workspace]", "default")]);
    await page.waitForSelector("[data-testid=stats]");
    expect(await page.$$("[data-testid=stats-row]")).toHaveLength(0);
  }, 120_000);
});
