import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sendError } from "../http-error.js";
import { rateLimit, TokenBuckets } from "./rate-limit.js";

/** An app behind the limiter with a hand-driven clock; `client` plays what the app names the client. */
function limited(perMinute: number) {
  const clock = { t: 1_000_000, client: "a:10.0.0.1" };
  const app = new Hono();
  app.use(
    "*",
    rateLimit(new TokenBuckets(perMinute, () => clock.t), () => clock.client),
  );
  app.all("/x", (c) => c.text("ok"));
  app.onError((e, c) => sendError(c, e));
  const hit = async (headers: Record<string, string> = {}, method = "GET") => {
    const r = await app.request("/x", { method, headers });
    return { status: r.status, retry: r.headers.get("retry-after") };
  };
  const burst = async (n: number, headers: Record<string, string> = {}) => {
    const statuses = [];
    for (let i = 0; i < n; i++) statuses.push((await hit(headers)).status);
    return statuses;
  };
  return { clock, hit, burst };
}

describe("rateLimit (token bucket)", () => {
  it("allows a burst of perMinute, then 429 with the seconds until one token is back", async () => {
    const { hit, burst } = limited(5);
    expect(await burst(5)).toEqual([200, 200, 200, 200, 200]);
    expect(await hit()).toEqual({ status: 429, retry: "12" }); // 60 s / 5 per token
  });

  it("refills continuously at perMinute/60 000 per ms", async () => {
    const { clock, hit, burst } = limited(6); // one token per 10 s
    await burst(6);
    clock.t += 4_000; // 0.4 token: 6 s to go
    expect(await hit()).toEqual({ status: 429, retry: "6" });
    clock.t += 5_999; // 0.9999 token
    expect((await hit()).status).toBe(429);
    clock.t += 1;
    expect((await hit()).status).toBe(200);
    expect((await hit()).status).toBe(429);
    clock.t += 25_000; // 2.5 tokens
    expect(await burst(3)).toEqual([200, 200, 429]);
  });

  it("a refused request spends nothing", async () => {
    const { clock, hit, burst } = limited(6);
    await burst(6);
    for (let i = 0; i < 20; i++) expect((await hit()).status).toBe(429);
    clock.t += 10_000;
    expect((await hit()).status).toBe(200);
  });

  it("caps the bucket at perMinute however long the client was idle", async () => {
    const { clock, burst } = limited(5);
    await burst(5);
    clock.t += 24 * 3600_000;
    expect(await burst(6)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("keeps one bucket per client; a Bearer header alone chooses none", async () => {
    const { clock, hit, burst } = limited(2);
    clock.client = "k:a";
    expect(await burst(3)).toEqual([200, 200, 429]);
    clock.client = "k:b";
    expect(await burst(3)).toEqual([200, 200, 429]);
    clock.client = "a:10.0.0.1";
    expect(await burst(3, { authorization: "Bearer made-up" })).toEqual([200, 200, 429]);
    expect((await hit({ authorization: "Bearer other" })).status).toBe(429);
  });

  it("take() charges a client directly (the auth middleware's refused keys)", () => {
    const buckets = new TokenBuckets(2, () => 0);
    buckets.take("a:x");
    buckets.take("a:x");
    expect(() => buckets.take("a:x")).toThrow(/too many requests/);
    expect(() => buckets.take("a:y")).not.toThrow();
  });

  it("0 disables the limit; preflights are never counted", async () => {
    const off = limited(0);
    expect((await off.burst(1000)).every((s) => s === 200)).toBe(true);
    const on = limited(1);
    for (let i = 0; i < 10; i++) expect((await on.hit({}, "OPTIONS")).status).not.toBe(429);
    expect((await on.hit()).status).toBe(200);
    expect((await on.hit()).status).toBe(429);
  });
});
