import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("has offline defaults", () => {
    expect(loadConfig({}, {})).toMatchObject({
      storePath: "./.agr/graph.db",
      chunkTokens: 400,
      maxRetries: 3,
    });
  });
  it("reads the environment and lets overrides win", () => {
    const c = loadConfig({ storePath: "x.db" }, { AGR_STORE: "env.db", AGR_CHUNK_TOKENS: "300" });
    expect(c.storePath).toBe("x.db");
    expect(c.chunkTokens).toBe(300);
  });
  it("names the variable of a bad setting", () => {
    expect(() => loadConfig({}, { AGR_MAX_RETRIES: "lots" })).toThrow(/AGR_MAX_RETRIES/);
  });
});
