import { describe, expect, it } from "vitest";
import { configFromOptions } from "./open-options.js";

describe("openGraphRag options → engine configuration", () => {
  it("needs no environment: defaults are the CLI's", () => {
    const config = configFromOptions({ env: false });
    expect(config).toMatchObject({ storePath: "./.agr/graph.db", embedder: "local", llm: "none" });
    expect(config.neo4jUri).toBeUndefined();
  });

  it("reads the given environment, and options win over it", () => {
    const env = { AGR_STORE: "/data/env.db", AGR_EMBEDDER: "none", AGR_CHUNK_TOKENS: "300" };
    expect(configFromOptions({ env })).toMatchObject({
      storePath: "/data/env.db",
      embedder: "none",
      chunkTokens: 300,
    });
    const config = configFromOptions({
      env,
      store: "/data/mine.db",
      embedder: "fallback",
      settings: { knnK: 7 },
    });
    expect(config).toMatchObject({
      storePath: "/data/mine.db",
      embedder: "fallback",
      chunkTokens: 300,
      knnK: 7,
    });
  });

  it("an embedded store path ignores NEO4J_URI; a Neo4j connection sets every field", () => {
    const env = { NEO4J_URI: "bolt://db.example:7687" };
    expect(configFromOptions({ env }).neo4jUri).toBe("bolt://db.example:7687");
    expect(configFromOptions({ env, store: { path: "kb.db" } }).neo4jUri).toBeUndefined();
    const neo = configFromOptions({
      env: false,
      store: {
        neo4j: { uri: "neo4j+s://x.example", user: "u", password: "", database: "kb", pushdown: false },
      },
    });
    expect(neo).toMatchObject({
      neo4jUri: "neo4j+s://x.example",
      neo4jUser: "u",
      neo4jPassword: "",
      neo4jDatabase: "kb",
      neo4jPushdown: false,
    });
  });

  it("a workspace gets its own store file beside the store, as agr --workspace does", () => {
    expect(configFromOptions({ env: false, store: "/data/kb.db", workspace: "team" })).toMatchObject({
      workspace: "team",
      storePath: "/data/workspaces/team/kb.db",
    });
    expect(configFromOptions({ env: { AGR_WORKSPACE: "ops" }, store: "/data/kb.db" }).storePath).toBe(
      "/data/workspaces/ops/kb.db",
    );
    expect(configFromOptions({ env: false, store: "/data/kb.db" }).storePath).toBe("/data/kb.db");
    expect(() => configFromOptions({ env: false, workspace: "Bad Name" })).toThrow(/workspace name/);
  });

  it("refuses bad options in one line naming the field", () => {
    expect(() => configFromOptions({ store: "" })).toThrow(/^openGraphRag: store: /);
    expect(() => configFromOptions({ embedder: "magic" as "none" })).toThrow(/^openGraphRag: embedder: /);
    expect(() => configFromOptions({ storePath: "x" } as object)).toThrow(/^openGraphRag: .*storePath/);
    // Settings are checked by the same schema as the environment.
    expect(() => configFromOptions({ env: false, settings: { chunkTokens: 1 } })).toThrow(
      /^openGraphRag: settings\.chunkTokens: /,
    );
    expect(() => configFromOptions({ settings: { chunkSize: 9 } as object })).toThrow(/settings.*chunkSize/);
    expect(() => configFromOptions({ env: false, store: { neo4j: { uri: "http://db.example" } } })).toThrow(
      /NEO4J_URI/,
    );
  });
});
