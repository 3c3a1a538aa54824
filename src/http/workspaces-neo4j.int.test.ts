import neo4j from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fixtureDocument } from "../store/contract-fixture.js";
import { graphStoreContract } from "../store/graph-store.contract.js";
import { type LeasedNeo4j, leaseNeo4j } from "../store/neo4j/lease-neo4j.js";
import { Neo4jGraphStore } from "../store/neo4j/neo4j-store.js";
import { workspaceIsolationSuite } from "./workspace-isolation-suite.js";

// A real server on 2 shared cores: a query can take seconds while another suite loads it.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

// The run's real Neo4j (Community: one database), leased empty for the file; stores are opened
// without the push-down, as on a server without plugins. The default workspace holds the
// contract's own two documents, under the same ids, while the contract runs in workspace
// "contract": a statement that reached the default workspace's nodes or edges would change a
// count the contract asserts, and the default workspace must come out untouched.
let server: LeasedNeo4j;
let defaultCounts: unknown;

beforeAll(async () => {
  server = await leaseNeo4j();
  const store = await Neo4jGraphStore.open({ uri: server.uri, pushdown: false });
  await store.write(fixtureDocument(1));
  await store.write(fixtureDocument(2));
  await store.write({
    edges: [
      {
        src: "doc:1:s1",
        type: "REFERS_TO",
        dst: "doc:2:s1",
        doc_id: "doc:1",
        section_id: "doc:1:s1",
        props: {},
      },
    ],
  });
  defaultCounts = await store.counts();
  await store.close();
}, 20 * 60_000);

afterAll(() => server?.release());

/** Empties one workspace only: its nodes carry labels ending in `__<name>`. */
async function openEmpty(workspace: string): Promise<Neo4jGraphStore> {
  const driver = neo4j.driver(server.uri);
  try {
    await driver.executeQuery(
      "MATCH (n) WHERE any(l IN labels(n) WHERE l ENDS WITH $suffix) DETACH DELETE n",
      { suffix: `__${workspace}` },
      { database: "neo4j" },
    );
  } finally {
    await driver.close();
  }
  return Neo4jGraphStore.open({ uri: server.uri, workspace, pushdown: false });
}

graphStoreContract("Neo4j, workspace beside another", () => openEmpty("contract"));

describe("the default workspace beside it", () => {
  it("is untouched by everything the contract did in its workspace", async () => {
    const store = await Neo4jGraphStore.open({ uri: server.uri, pushdown: false });
    try {
      expect(await store.counts()).toEqual(defaultCounts);
      expect((await store.listDocuments()).map((d) => d.id).sort()).toEqual(["doc:1", "doc:2"]);
    } finally {
      await store.close();
    }
  });
});

workspaceIsolationSuite("Neo4j", () => ({ neo4jUri: server.uri, neo4jPushdown: false }));
