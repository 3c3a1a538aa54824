import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../ingest/test-helpers.js";
import { type LeasedNeo4j, leaseNeo4j } from "../store/neo4j/lease-neo4j.js";
import { ServerStatsSchema } from "./routes/stats.js";
import { type ServeProcess, spawnServe } from "./serve-process.js";
import { SAMPLES } from "./test-server.js";

/**
 * End to end through the browser: a real `agr serve` process over a fresh store, the built UI,
 * the machine's Chromium driven by playwright-core. Screenshots of every tab are written to
 * .scratch/ui-screenshots/ (git-ignored).
 */
const ROOT = resolve(import.meta.dirname, "../..");
const SCREENSHOTS = join(ROOT, ".scratch/ui-screenshots");
const PDF = join(SAMPLES, "pdf/federal-register-2020-17221-p1-6.pdf");
const MDX = join(SAMPLES, "markdown/aptos-docs/smart-contracts/object/using-objects.mdx");
const QUESTION = "Which airplanes does the proposed airworthiness directive apply to?";

/** scripts/chromium.mjs finds the system Chromium (installing the apt package when run as root). */
function chromiumPath(): string {
  const r = spawnSync(process.execPath, [join(ROOT, "scripts/chromium.mjs")], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`no Chromium for the UI test: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

// Once for both journeys, before either starts: the built UI and the browser.
let executablePath = "";
beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  if (!existsSync(join(ROOT, "web/dist/index.html")))
    expect(spawnSync(process.execPath, [join(ROOT, "scripts/build-web.mjs")]).status).toBe(0);
  executablePath = chromiumPath();
}, 600_000); // a first run as root may apt-get install Chromium (1–2 min)

/**
 * The whole journey on one backend: the embedded file, or a real Neo4j behind the same API. The two
 * journeys run at the same time, each its own server, store and page, their steps in order: on 2
 * cores the embedded one runs while the Neo4j one waits on its server.
 */
function uiEndToEnd(backend: "embedded" | "neo4j"): void {
  let server: ServeProcess;
  let neo4j: LeasedNeo4j | undefined;
  let inDir = "";
  let browser: Browser;
  let page: Page;

  async function ask(question: string): Promise<void> {
    await page.fill("[data-testid=question]", question);
    await page.selectOption("[data-testid=mode]", "agent");
    await page.click("[data-testid=ask]");
    await page.waitForSelector("[data-testid=open-trace], [data-testid=not-found]", { timeout: 60_000 });
  }

  const shot = (name: string) =>
    page.screenshot({
      path: join(SCREENSHOTS, backend === "embedded" ? `${name}.png` : `neo4j-${name}.png`),
      fullPage: true,
    });
  const tab = async (name: string) => {
    await page.click(`[data-testid=tab-${name}]`);
    await page.waitForSelector(`[data-testid=page-${name}]:not([hidden])`);
  };

  // Concurrent steps take `expect` from their own context: the global one cannot tell which test polls.
  describe.concurrent(`web UI end to end (${backend} store)`, () => {
    beforeAll(async () => {
      const dir = tempDir("agr-ui-");
      inDir = join(dir, "in");
      mkdirSync(inDir);
      writeFileSync(join(inDir, "pump.md"), "# Pump manual\n\nThe pump needs oil every week.\n");
      if (backend === "neo4j") {
        // The run's real Neo4j 5.26 with APOC and GDS (the project's launcher), leased empty: the server runs on it.
        neo4j = await leaseNeo4j();
        server = await spawnServe({
          env: { AGR_HTTP_INGEST_ROOTS: inDir, NEO4J_URI: neo4j.uri, AGR_DATA_DIR: dir },
        });
      } else {
        server = await spawnServe({ store: join(dir, "graph.db"), env: { AGR_HTTP_INGEST_ROOTS: inDir } });
      }
      // A real eval report for the Benchmark tab, where the server looks: <data dir>/evals/<name>.
      const evalRun = spawnSync(
        process.execPath,
        [
          join(ROOT, "bin/agr.mjs"),
          "eval",
          "--data",
          join(ROOT, "evals/fixtures/tiny"),
          "--modes",
          "bm25,hybrid",
        ].concat(["--cache-dir", join(dir, "eval-cache"), "--out", join(dir, "evals", "tiny-dev")]),
        { env: { ...process.env, AGR_EMBEDDER: "none" }, encoding: "utf8" },
      );
      expect(evalRun.status, evalRun.stderr).toBe(0);
      // Root in CI containers: Chromium's sandbox needs user namespaces it may not have.
      browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
      page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      page.setDefaultTimeout(30_000);
      // Scripts run in the page: written as strings, since this project's types have no DOM.
      await page.addInitScript({ content: "localStorage.setItem('agr.lang', 'en')" });
    }, 600_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      neo4j?.release();
    });

    it.sequential("Ingest: uploads the sample PDF and a Markdown page, ingests an allowed server folder, follows both jobs; the health report lists them", async ({
      expect,
    }) => {
      await page.goto(`${server.url}/`);
      await page.setInputFiles("[data-testid=upload-input]", [PDF, MDX]);
      await page.click("[data-testid=upload]");
      const ended = "[data-testid=job][data-status=succeeded], [data-testid=job][data-status=failed]";
      await page.waitForSelector(ended, { timeout: 150_000 });
      expect(await page.locator("[data-testid=job]").first().getAttribute("data-status")).toBe("succeeded");
      await expect.poll(() => page.locator("[data-testid=stats-row]").count(), { timeout: 10_000 }).toBe(2);
      expect(await page.locator("[data-testid=job-document]").first().textContent()).toMatch(
        /Processed [1-9]\d*/,
      );
      // A server-side folder the config allows: picked from the list the server reports.
      await page.locator("[data-testid=page-ingest] button.link", { hasText: inDir }).click();
      expect(await page.inputValue("[data-testid=paths-input]")).toBe(inDir);
      await page.click("[data-testid=ingest-paths]");
      const succeeded = page.locator("[data-testid=job][data-status=succeeded]");
      await expect.poll(() => succeeded.count(), { timeout: 60_000 }).toBe(2);
      await expect.poll(() => page.locator("[data-testid=stats-row]").count(), { timeout: 10_000 }).toBe(3);
      await shot("1-ingest");
    }, 180_000);

    it.sequential("Ask: a question the documents do not answer says so plainly", async ({ expect }) => {
      await tab("ask");
      await ask("What is the capital of Mongolia?");
      expect(await page.locator("[data-testid=not-found]").textContent()).toMatch(/Not found/);
      // With the engine's reason beneath it ("the evidence never names mongolia", or a low score).
      expect(await page.locator("[data-testid=not-found-reason]").textContent()).toMatch(/^Why: \S/);
    }, 90_000);

    it.sequential("Ask: a Markdown citation opens its section with the cited passage marked", async ({
      expect,
    }) => {
      await ask("How do I use an object in Move entry functions?");
      await page.locator("[data-testid^=cite-S]").first().click();
      await page.locator("[data-testid=section-view] .passage.cited").waitFor();
      expect(await page.locator("[data-testid=section-view]").textContent()).toMatch(/#|Using objects/);
      await shot("2b-ask-markdown");
    }, 90_000);

    it.sequential("Ask: the answer streams in with [S#] links; a citation opens the PDF page with the bbox highlighted", async ({
      expect,
    }) => {
      await ask(QUESTION);
      expect(await page.locator("[data-testid=not-found]").count()).toBe(0);
      const cites = page.locator("[data-testid^=cite-S]");
      expect(await cites.count()).toBeGreaterThan(0);
      await cites.first().click();
      const canvas = page.locator("[data-testid=pdf-canvas]");
      const highlight = page.locator("[data-testid=pdf-highlight]").first();
      await highlight.waitFor();
      const c = await canvas.boundingBox();
      const h = await highlight.boundingBox();
      expect(c && h).toBeTruthy();
      if (!c || !h) return;
      expect(c.width).toBeGreaterThan(300);
      // The highlight sits on the page, and is a real box (not the whole page).
      expect(h.x).toBeGreaterThanOrEqual(c.x - 1);
      expect(h.y).toBeGreaterThanOrEqual(c.y - 1);
      expect(h.x + h.width).toBeLessThanOrEqual(c.x + c.width + 1);
      expect(h.y + h.height).toBeLessThanOrEqual(c.y + c.height + 1);
      expect(h.width * h.height).toBeGreaterThan(50);
      expect(h.width * h.height).toBeLessThan(c.width * c.height * 0.9);
      // pdf.js really drew the page: some pixels of the canvas are not white.
      const inked = Number(
        await page.evaluate(`(() => {
          const el = document.querySelector("[data-testid=pdf-canvas]");
          const data = el.getContext("2d").getImageData(0, 0, el.width, el.height).data;
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++;
          return dark;
        })()`),
      );
      expect(inked).toBeGreaterThan(1000);
      // Feedback under the answer: one click, then a thank-you in place of the buttons.
      await page.click("[data-testid=feedback-helpful]");
      await page.locator("[data-testid=feedback-sent]").waitFor();
      await shot("2-ask");
    }, 90_000);

    it.sequential("Graph explorer: search a node, then expanding a neighbour grows the graph", async ({
      expect,
    }) => {
      await tab("graph");
      await page.fill("[data-testid=graph-search]", "Federal Aviation Administration");
      await page.click("[data-testid=graph-search-button]");
      await page.locator("[data-testid=graph-hit]").first().click();
      const counts = page.locator("[data-testid=graph-counts]");
      await expect.poll(async () => Number(await counts.getAttribute("data-nodes"))).toBeGreaterThan(1);
      const before = Number(await counts.getAttribute("data-nodes"));
      await page.locator("[data-testid=node-details]").waitFor();
      await page.locator("[data-testid=graph-neighbour]").first().click();
      await expect.poll(async () => Number(await counts.getAttribute("data-nodes"))).toBeGreaterThan(before);
      expect(await page.locator("[data-testid=node-details]").textContent()).toMatch(/Provenance/);
      await shot("3-graph");
    }, 60_000);

    it.sequential("Agent trace: the answer's route, tool calls with inputs and outputs, grades and verdicts", async ({
      expect,
    }) => {
      await tab("trace");
      const route = page.locator("[data-testid=trace-route]");
      await route.waitFor();
      expect(await route.textContent()).toMatch(/simple|relation|multi_hop|global|temporal/);
      expect(await page.locator("[data-testid=trace-tool-row]").count()).toBeGreaterThan(0);
      expect(await page.locator("[data-testid=trace-tool-row]").first().textContent()).toMatch(
        /_\w+.*\d+ ms/s,
      );
      expect(await page.locator("[data-testid=trace-grades]").textContent()).toMatch(/Grade [1-5]\/5/);
      expect(await page.locator("[data-testid=trace-verdicts]").textContent()).toMatch(
        /supported|revised|dropped/,
      );
      await shot("4-trace");
    }, 60_000);

    it.sequential("Benchmark: the eval report's modes and metrics, with its chart", async ({ expect }) => {
      await tab("bench");
      await page.locator("[data-testid=bench-row]").first().waitFor();
      expect(await page.locator("[data-testid=bench-row]").count()).toBe(2);
      expect(await page.locator("[data-testid=bench]").textContent()).toMatch(/tiny\/dev.*bm25/s);
      // The chart loads after the table: wait for its width (a broken chart never gets one). On a
      // loaded machine it took more than 20 s once; "complete" is true for a failed load too. Polled,
      // since the view may render the image again (a new element, width 0 while it loads) or be
      // mid-render when read: one failed read once ended a one-shot wait at once in a fresh clone.
      await expect
        .poll(
          async () =>
            Number(
              await page.evaluate('document.querySelector("img.chart")?.naturalWidth ?? 0').catch(() => 0),
            ),
          { timeout: 60_000, interval: 250 },
        )
        .toBeGreaterThan(0);
      await shot("5-bench");
    }, 90_000);

    it.sequential("Settings: configuration, store counts, deleting a document after confirming; the UI switches to Russian", async ({
      expect,
    }) => {
      await tab("settings");
      await page.locator("[data-testid=config]").waitFor();
      expect(await page.locator("[data-testid=config]").textContent()).toMatch(/AGR_EMBEDDING_MODEL/);
      expect(await page.locator("[data-testid=settings]").textContent()).toMatch(
        new RegExp(`Backend: ${backend}; documents: 3`),
      );
      // Caches, queries by route and feedback, from GET /v1/stats (the clicks above were logged too).
      await page.locator("[data-testid=operations]").waitFor();
      expect(await page.locator("[data-testid=cache-tool_results]").textContent()).toMatch(/\d+ \/ 500/);
      expect(await page.locator("[data-testid=query-route]").count()).toBeGreaterThan(0);
      expect(await page.locator("[data-testid=feedback-counts]").textContent()).toMatch(
        /1 helpful, 0 not helpful, [1-9]\d* citation clicks/,
      );
      const stats = ServerStatsSchema.parse(await (await fetch(`${server.url}/v1/stats`)).json());
      expect(stats.feedback.helpful).toBe(1);
      expect(stats.feedback.citation_clicks).toBeGreaterThanOrEqual(2);
      expect(stats.queries.total).toBe(3);
      await shot("6-settings");
      // Deleting a document takes a second, explicit click.
      const items = page.locator("[data-testid=doc-item]");
      expect(await items.count()).toBe(3);
      await items.filter({ hasText: "Pump manual" }).getByRole("button").click();
      await page.click("[data-testid=confirm-yes]");
      // The server deletes, then the list reloads: a Neo4j delete on a loaded machine takes seconds.
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(2);
      expect(await items.filter({ hasText: "Pump manual" }).count()).toBe(0);
      await page.selectOption("[data-testid=lang]", "ru");
      expect(await page.locator("[data-testid=tab-ask]").textContent()).toBe("Вопрос");
      await tab("ask");
      await shot("7-ask-ru");
    }, 90_000);
  });
}

uiEndToEnd("embedded");
uiEndToEnd("neo4j");
