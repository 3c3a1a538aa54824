import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { tempDir } from "../ingest/test-helpers.js";
import type { AppEnv } from "./app-env.js";
import { isApiPath, serveUi } from "./static-ui.js";

function appOver(dist: string) {
  const app = new Hono<AppEnv>();
  app.use("*", serveUi(dist));
  app.notFound((c) => c.json({ error: { code: "not_found", message: "none" } }, 404));
  return app;
}

describe("serveUi", () => {
  it("without a build, every page path answers a clear 503 page naming the build command", async () => {
    const res = await appOver(join(tempDir("agr-ui-none-"), "dist")).request("/");
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build:web");
  });

  it("serves files with their type, falls back to index.html for pages, never for /v1 or other methods", async () => {
    const dist = join(tempDir("agr-ui-dist-"), "dist");
    mkdirSync(join(dist, "assets"), { recursive: true });
    writeFileSync(join(dist, "index.html"), "<!doctype html><div id=app></div>");
    writeFileSync(join(dist, "assets", "a.js"), "export {}");
    writeFileSync(join(dist, "..", "secret.txt"), "outside");
    const app = appOver(dist);
    const js = await app.request("/assets/a.js");
    expect(js.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect((await app.request("/ask")).headers.get("content-type")).toMatch(/^text\/html/);
    expect((await app.request("/assets/missing.css")).status).toBe(404);
    expect((await app.request("/v1/anything")).status).toBe(404);
    expect(await (await app.request("/v1/anything")).json()).toMatchObject({ error: { code: "not_found" } });
    expect((await app.request("/", { method: "POST" })).status).toBe(404);
    for (const p of ["/..%2fsecret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt"])
      expect(await (await app.request(p)).text()).not.toContain("outside");
    expect((await app.request("/%E0%A4%A")).status).toBe(400);
  });

  it("isApiPath: /v1 and below only", () => {
    expect(isApiPath("/v1")).toBe(true);
    expect(isApiPath("/v1/query")).toBe(true);
    expect(isApiPath("/v10")).toBe(false);
    expect(isApiPath("/")).toBe(false);
  });
});
