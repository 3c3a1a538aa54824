import { vi } from "vitest";
import { workspaceIsolationSuite } from "./workspace-isolation-suite.js";

vi.setConfig({ testTimeout: 120_000 });

// Embedded: a store file per workspace. The Neo4j run is in workspaces-neo4j.int.test.ts.
workspaceIsolationSuite("embedded", () => ({}));
