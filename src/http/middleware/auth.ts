import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { HttpError } from "../http-error.js";

const digest = (s: string) => createHash("sha256").update(s).digest();
/** The key's `apiKeyId`: its SHA-256 digest in hex (what the rate limit and workspace bindings use). */
export const keyDigestHex = (key: string): string => digest(key).toString("hex");

/** The Bearer key of a request, or undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m?.[1];
}

/**
 * Bearer API-key check. Keys are compared as SHA-256 digests with timingSafeEqual (equal
 * lengths, constant time), and every key is compared, so timing tells nothing about which
 * key or how much of it matched. A match sets `apiKeyId` (the key's digest, never the key) for
 * the rate limit; a refusal first calls `onRefused`, which charges the client address, so
 * guessing keys is rate limited too (and a client out of tokens learns nothing: 429, not 401).
 */
export function apiKeyAuth(
  keys: readonly string[],
  isOpen: (path: string) => boolean,
  onRefused: (c: Context<AppEnv>) => void = () => {},
): MiddlewareHandler<AppEnv> {
  const wanted = keys.map(digest);
  return async (c, next) => {
    if (wanted.length === 0 || c.req.method === "OPTIONS" || isOpen(c.req.path)) return next();
    const given = bearerOf(c.req.header("authorization"));
    const d = digest(given ?? "");
    let ok = false;
    for (const w of wanted) ok = timingSafeEqual(w, d) || ok;
    if (!given || !ok) {
      onRefused(c);
      throw new HttpError(401, "unauthorized", "a valid API key is required (Authorization: Bearer <key>)", {
        "www-authenticate": 'Bearer realm="agr"',
      });
    }
    c.set("apiKeyId", d.toString("hex"));
    return next();
  };
}
