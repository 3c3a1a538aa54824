import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../http-error.js";
import { bearerOf } from "./auth.js";

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token bucket per client: `perMinute` requests a minute on average, bursts up to `perMinute`.
 * The client is its API key (hashed, never kept in clear) or, without auth, its address.
 */
export function rateLimit(
  perMinute: number,
  clientAddress: (c: Parameters<MiddlewareHandler>[0]) => string,
  now: () => number = Date.now,
): MiddlewareHandler {
  const buckets = new Map<string, Bucket>();
  const rate = perMinute / 60_000;
  return async (c, next) => {
    if (perMinute === 0 || c.req.method === "OPTIONS") return next();
    const key = bearerOf(c.req.header("authorization"));
    const client = key ? `k:${createHash("sha256").update(key).digest("hex")}` : `a:${clientAddress(c)}`;
    const t = now();
    const b = buckets.get(client) ?? { tokens: perMinute, at: t };
    b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * rate);
    b.at = t;
    buckets.set(client, b);
    if (buckets.size > 10_000) prune(buckets, t, perMinute, rate);
    if (b.tokens < 1) {
      const wait = Math.ceil((1 - b.tokens) / rate / 1000);
      throw new HttpError(
        429,
        "rate_limited",
        `too many requests: limit ${perMinute}/min; retry in ${wait}s`,
        {
          "retry-after": String(wait),
        },
      );
    }
    b.tokens -= 1;
    return next();
  };
}

/** Buckets that have refilled completely carry no state worth keeping. */
function prune(buckets: Map<string, Bucket>, t: number, cap: number, rate: number): void {
  for (const [k, b] of buckets) if (b.tokens + (t - b.at) * rate >= cap) buckets.delete(k);
}
