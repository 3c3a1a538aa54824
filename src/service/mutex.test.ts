import { describe, expect, it } from "vitest";
import { Mutex } from "./mutex.js";

const tick = () => new Promise((r) => setImmediate(r));

describe("Mutex", () => {
  it("runs one holder at a time, in arrival order, and is busy while any runs or waits", async () => {
    const m = new Mutex();
    const log: string[] = [];
    const job = (name: string, ms: number) =>
      m.run(async () => {
        log.push(`${name}+`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name}-`);
        return name;
      });
    expect(m.busy).toBe(false);
    const runs = [job("a", 20), job("b", 1), job("c", 5)];
    expect(m.busy).toBe(true);
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a+", "a-", "b+", "b-", "c+", "c-"]);
    await tick();
    expect(m.busy).toBe(false);
  });

  it("a failed holder passes the lock on and its caller sees the error", async () => {
    const m = new Mutex();
    const failed = m.run(async () => {
      throw new Error("write failed");
    });
    const next = m.run(async () => "next ran");
    await expect(failed).rejects.toThrow("write failed");
    expect(await next).toBe("next ran");
  });
});
