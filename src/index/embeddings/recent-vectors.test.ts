import { describe, expect, it } from "vitest";
import { RecentVectors } from "./recent-vectors.js";

const v = (x: number) => new Float32Array([x]);

describe("RecentVectors", () => {
  it("lends a vector still being computed to the next batch, and forgets batches beyond `keep`", async () => {
    const recent = new RecentVectors(2);
    const first = recent.nextBatch();
    let finish: (vectors: Float32Array[]) => void = () => {};
    first.add(["shared", "own"], new Promise((resolve) => (finish = resolve)));
    const second = recent.nextBatch();
    const lent = second.get("shared");
    expect(lent).toBeDefined();
    finish([v(1), v(2)]);
    expect(await lent).toEqual(v(1));
    expect(second.get("never")).toBeUndefined();
    const third = recent.nextBatch();
    // The first batch is two batches back: written to the cache by now, so forgotten here.
    expect(third.get("shared")).toBeUndefined();
  });

  it("a failed call is that batch's error alone: it is dropped, never lent, never unhandled", async () => {
    const recent = new RecentVectors();
    const batch = recent.nextBatch();
    const call = Promise.reject(new Error("quota"));
    batch.add(["t"], call);
    await expect(call).rejects.toThrow("quota");
    await Promise.resolve();
    expect(recent.nextBatch().get("t")).toBeUndefined();
  });
});
