import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore.js";

const tick = () => new Promise((r) => setImmediate(r));
function gate() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("Semaphore", () => {
  it("lets `limit` holders in at once and the rest in arrival order", async () => {
    const s = new Semaphore(2);
    const order: number[] = [];
    const gates = [0, 1, 2, 3].map(gate);
    const runs = gates.map((g, i) =>
      s.run(async () => {
        order.push(i);
        await g.promise;
      }),
    );
    await tick();
    expect(order).toEqual([0, 1]);
    expect(s.load).toEqual({ active: 2, waiting: 2 });
    gates[1]?.resolve();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    gates[2]?.resolve();
    gates[3]?.resolve();
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3]);
    await tick(); // p-queue frees a slot a microtask after its holder ends
    expect(s.load).toEqual({ active: 0, waiting: 0 });
  });

  it("drops a waiter whose signal aborts, without giving it a slot", async () => {
    const s = new Semaphore(1);
    const release = await s.acquire();
    const abort = new AbortController();
    const waiting = s.acquire(abort.signal);
    expect(s.load.waiting).toBe(1);
    abort.abort(new Error("client gone"));
    await expect(waiting).rejects.toThrow("client gone");
    expect(s.load).toEqual({ active: 1, waiting: 0 });
    release();
    release(); // a second call is a no-op
    await tick();
    expect(s.load).toEqual({ active: 0, waiting: 0 });
  });

  it("keeps a granted slot held when the holder's signal aborts later, until it releases", async () => {
    const s = new Semaphore(1);
    const abort = new AbortController();
    const release = await s.acquire(abort.signal);
    abort.abort(new Error("client gone"));
    let second = false;
    const next = s.acquire().then((r) => {
      second = true;
      return r;
    });
    await tick();
    expect(second).toBe(false);
    expect(s.load).toEqual({ active: 1, waiting: 1 });
    release();
    (await next)();
    expect(second).toBe(true);
    await tick();
    expect(s.load).toEqual({ active: 0, waiting: 0 });
  });

  it("refuses a signal that has already aborted without queueing", async () => {
    const s = new Semaphore(1);
    await expect(s.acquire(AbortSignal.abort(new Error("too late")))).rejects.toThrow("too late");
    expect(s.load).toEqual({ active: 0, waiting: 0 });
  });

  it("refuses a limit below 1", () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
