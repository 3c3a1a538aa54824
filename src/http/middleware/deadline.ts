import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { HttpError } from "../http-error.js";

/**
 * Gives each request an AbortSignal that fires when the client disconnects or `ms` pass, and
 * answers 504 at the deadline. Handlers pass the signal on (the agent stops between steps). A
 * streamed response has returned by then, so the deadline covers only its start.
 */
export function deadline(ms: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(), ms);
    c.set("signal", AbortSignal.any([timer.signal, c.req.raw.signal]));
    const expired = new Promise<never>((_, reject) =>
      timer.signal.addEventListener("abort", () =>
        reject(new HttpError(504, "timeout", `the request took longer than ${ms} ms`)),
      ),
    );
    expired.catch(() => undefined);
    try {
      await Promise.race([next(), expired]);
    } finally {
      clearTimeout(handle);
    }
  };
}
