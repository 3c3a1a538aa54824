import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { SqliteGraphStore } from "../store/embedded/sqlite-store.js";
import type { GraphStore } from "../store/graph-store.js";

export const TEST_CONFIG = { maxFileMb: 64, chunkTokens: 400, maxRetries: 3, batchSize: 8 };

/**
 * A path in the shared, read-only data (benchmark datasets, real corpora): `<repo>/../shared`,
 * where a clone beside it finds it, else this machine's `/work/shared`. One resolver, so a test
 * run from a clone elsewhere reads the same data instead of a test guessing its own path.
 */
export function sharedPath(...parts: string[]): string {
  const candidates = [resolve(import.meta.dirname, "../../../shared"), "/work/shared"];
  const root = candidates.find((c) => existsSync(c)) ?? candidates[0] ?? "";
  return join(root, ...parts);
}

export function tempDir(prefix = "agr-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Writes files (path → content) under a new temp folder and returns it. */
export function writeTree(files: Record<string, string | Uint8Array>): string {
  const root = tempDir();
  for (const [rel, content] of Object.entries(files)) {
    const full = join(root, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return root;
}

export function openTempStore(): GraphStore {
  return SqliteGraphStore.open(join(tempDir("agr-store-"), "graph.db"));
}

/** Every node id and edge key in the store, sorted: two stores are equal when these are. */
export async function snapshot(store: GraphStore): Promise<{ nodes: string[]; edges: string[] }> {
  const docs = await store.listDocuments();
  const nodes: string[] = [];
  for (const label of [
    "Document",
    "PdfPage",
    "Section",
    "Chunk",
    "Table",
    "Figure",
    "CodeSymbol",
    "LinkRef",
    "UnresolvedRef",
  ] as const) {
    for (const d of docs)
      nodes.push(...(await store.findNodes({ label, doc_id: d.id })).map((n) => `${label}:${n.id}`));
  }
  const edges = (await store.findEdges({})).map((e) => `${e.src}|${e.type}|${e.dst}|${e.section_id}`);
  return { nodes: nodes.sort(), edges: edges.sort() };
}

/** A loopback port nobody listens on right now (for servers a test starts). */
export const freePort = (): Promise<number> =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => ok(typeof address === "object" && address ? address.port : 0));
    });
  });
