import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { HttpError } from "../http-error.js";

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token bucket per client: `perMinute` requests a minute on average, bursts up to `perMinute`;
 * 0 = unlimited. The caller names the client: a verified API key, or the client address (never
 * an unverified Bearer string, which a client could change on every request to get a new bucket).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly rate: number;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.rate = perMinute / 60_000;
  }

  /** Spends one of `client`'s tokens, or throws 429 with the seconds until one is back. */
  take(client: string): void {
    const { perMinute, rate } = this;
    if (perMinute === 0) return;
    const t = this.now();
    const b = this.buckets.get(client) ?? { tokens: perMinute, at: t };
    b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * rate);
    b.at = t;
    this.buckets.set(client, b);
    if (this.buckets.size > 10_000) this.prune(t);
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
  }

  /** Buckets that have refilled completely carry no state worth keeping. */
  private prune(t: number): void {
    for (const [k, b] of this.buckets)
      if (b.tokens + (t - b.at) * this.rate >= this.perMinute) this.buckets.delete(k);
  }
}

/** Charges every request (preflights aside) to the client `clientOf` names. */
export function rateLimit(
  buckets: TokenBuckets,
  clientOf: (c: Context<AppEnv>) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "OPTIONS") buckets.take(clientOf(c));
    return next();
  };
}
