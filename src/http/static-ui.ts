import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { packageRoot } from "../domain/package-root.js";
import type { AppEnv } from "./app-env.js";

/** Where `npm run build:web` (run by `npm install`) writes the UI. */
export const UI_DIST = join(packageRoot(), "web", "dist");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".map": "application/json",
  ".wasm": "application/wasm",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".bcmap": "application/octet-stream",
  ".pfb": "application/octet-stream",
  ".ttf": "font/ttf",
};

/** The UI only talks to its own origin; pdf.js runs its worker from a same-origin file. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const MISSING = `<!doctype html><html><head><meta charset="utf-8"><title>agr: UI not built</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:3em auto">
<h1>The web UI is not built</h1>
<p>The HTTP API works (see <a href="/openapi.json">/openapi.json</a>), but <code>web/dist</code> is missing.
Build the UI with <code>npm run build:web</code> (<code>npm install</code> runs it), then reload.</p>
</body></html>`;

/**
 * Serves the built UI for every GET/HEAD outside /v1: a file under `dist` when one matches,
 * else index.html (the app routes on the client). Paths are decoded and resolved, and anything
 * resolving outside `dist` is refused, so `..` or encoded separators reach nothing else.
 */
export function serveUi(dist: string = UI_DIST): MiddlewareHandler<AppEnv> {
  const root = resolve(dist);
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || isApiPath(c.req.path)) return next();
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return c.text("bad path", 400);
    }
    if (path.includes("\0")) return c.text("bad path", 400);
    const index = join(root, "index.html");
    if (!(await isFile(index))) return c.html(MISSING, 503, { "cache-control": "no-store" });
    const target = resolve(root, `.${path}`);
    if (target !== root && !target.startsWith(root + sep)) return c.text("not found", 404);
    if (target !== root && (await isFile(target))) {
      const immutable = target.startsWith(join(root, "assets") + sep);
      return send(c, target, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    // A missing asset is a 404; only page-like paths fall back to the app.
    if (extname(path) && extname(path) !== ".html") return c.text("not found", 404);
    return send(c, index, "no-cache");
  };
}

/** API paths (/v1 and the MCP endpoint) never fall back to the UI (and always need a key when keys are set). */
export const isApiPath = (path: string): boolean =>
  path === "/v1" || path.startsWith("/v1/") || path === "/mcp";

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function send(c: Context<AppEnv>, file: string, cache: string): Promise<Response> {
  const bytes = await readFile(file);
  const type = TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
  const headers: Record<string, string> = {
    "content-type": type,
    "cache-control": cache,
    "x-content-type-options": "nosniff",
  };
  if (type.startsWith("text/html")) {
    headers["content-security-policy"] = CSP;
    headers["referrer-policy"] = "no-referrer";
  }
  // HEAD: the Node adapter drops the body and keeps the length.
  return c.body(new Uint8Array(bytes), 200, headers);
}
