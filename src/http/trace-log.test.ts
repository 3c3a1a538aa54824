import { describe, expect, it } from "vitest";
import { TraceLog } from "./trace-log.js";

describe("TraceLog", () => {
  it("keeps the last `capacity` entries, dropping the oldest first", () => {
    const log = new TraceLog<number>(3);
    for (let i = 1; i <= 5; i++) log.add(`t${i}`, i);
    expect([1, 2, 3, 4, 5].map((i) => log.get(`t${i}`))).toEqual([undefined, undefined, 3, 4, 5]);
  });

  it("re-adding an id replaces its value and makes it the newest", () => {
    const log = new TraceLog<string>(2);
    log.add("a", "1");
    log.add("b", "2");
    log.add("a", "3");
    log.add("c", "4");
    expect(log.get("a")).toBe("3");
    expect(log.get("b")).toBeUndefined();
    expect(log.get("c")).toBe("4");
  });
});
