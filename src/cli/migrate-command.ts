import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { loadConfig } from "../config.js";
import { describeError, userError } from "../errors.js";
import { DEFAULT_MIGRATE_BATCH, type MigratePhase, migrateStore } from "../store/migrate-store.js";
import type { StoreConfig } from "../store/open-graph-store.js";
import { printJson } from "./output.js";
import { stderrBar } from "./progress.js";

// The stores (native SQLite, the Neo4j driver) load when the command runs, not while it registers.
const stores = () => import("../store/open-graph-store.js");

interface MigrateOptions {
  to: string;
  from?: string;
  batch?: string;
  json?: boolean;
  replace?: boolean;
}

/** Every node and relationship the store wrote (:Node, :AgrMeta, :AgrEmbedding), in small transactions. */
const CLEAR_AGR_DATA =
  "MATCH (n) WHERE n:Node OR n:AgrMeta OR n:AgrEmbedding " +
  "CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS";

/** Removes the engine's data from a Neo4j database (indexes stay; other labels are left alone). */
export async function clearNeo4jAgrData(config: StoreConfig): Promise<void> {
  if (!config.neo4jUri) throw userError("neo4j_uri_missing", "NEO4J_URI is not set");
  const { default: neo4j } = await import("neo4j-driver");
  const auth = config.neo4jUser ? neo4j.auth.basic(config.neo4jUser, config.neo4jPassword ?? "") : undefined;
  const driver = neo4j.driver(config.neo4jUri, auth);
  const session = driver.session({ database: config.neo4jDatabase });
  try {
    // CALL ... IN TRANSACTIONS needs an auto-commit transaction: session.run, not executeWrite.
    await session.run(CLEAR_AGR_DATA);
  } catch (error) {
    const { describeStore } = await stores();
    throw userError(
      "neo4j_clear_failed",
      `cannot clear ${describeStore(config)}: ${describeError(error)}`,
      error,
    );
  } finally {
    await session.close();
    await driver.close();
  }
}

/** `agr migrate --to neo4j [--from <file>] [--batch N] [--replace]`: the embedded store into Neo4j. */
export function registerMigrate(program: Command): void {
  program
    .command("migrate")
    .description("copy an embedded store (nodes, edges, vectors, embedding cache) into Neo4j")
    .requiredOption(
      "--to <backend>",
      "target backend: neo4j (NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD, NEO4J_DATABASE)",
    )
    .option("--from <file>", "embedded store file (default ./.agr/graph.db, or AGR_STORE)")
    .option("--batch <n>", `rows per transaction (default ${DEFAULT_MIGRATE_BATCH})`)
    .option("--replace", "clear the target's data first (needed when it holds other documents)")
    .option("--json", "print one JSON object")
    .action(async (opts: MigrateOptions) => {
      if (opts.to !== "neo4j") throw userError("bad_option", `--to must be neo4j, not ${opts.to}`);
      const batch = opts.batch === undefined ? DEFAULT_MIGRATE_BATCH : Number(opts.batch);
      if (!Number.isInteger(batch) || batch < 1)
        throw userError("bad_option", "--batch must be a positive integer");
      const config = loadConfig();
      if (!config.neo4jUri) {
        throw userError(
          "neo4j_uri_missing",
          "agr migrate --to neo4j needs NEO4J_URI (e.g. export NEO4J_URI=bolt://127.0.0.1:7687; `agr neo4j start` runs a local server)",
        );
      }
      const from = resolve(opts.from ?? config.storePath);
      // Opening a missing file would create an empty store: refuse instead.
      if (!existsSync(from)) throw userError("store_missing", `no store at ${from}`);
      const targetConfig: StoreConfig = { ...config, neo4jPushdown: false };
      const started = performance.now();
      const [{ SqliteGraphStore }, { openGraphStore, describeStore }] = await Promise.all([
        import("../store/embedded/sqlite-store.js"),
        stores(),
      ]);
      const source = SqliteGraphStore.open(from);
      try {
        const target = await openGraphStore(targetConfig);
        const bar = progressBar(!opts.json);
        try {
          const copied = await migrateStore(source, target, {
            batch,
            replace: opts.replace === true,
            clearTarget: () => clearNeo4jAgrData(targetConfig),
            onProgress: bar.update,
          });
          bar.stop();
          const seconds = Math.round((performance.now() - started) / 10) / 100;
          const report = { from, to: describeStore(targetConfig), ...copied, seconds };
          if (opts.json) return printJson(report);
          process.stdout.write(
            `migrated ${from} → ${report.to}: ${copied.nodes} nodes, ${copied.edges} edges, ` +
              `${copied.vectors} vectors, ${copied.embedding_cache} cached embeddings in ${seconds} s\n` +
              "counts verified equal; use it with NEO4J_URI set\n",
          );
        } finally {
          bar.stop();
          await target.close();
        }
      } finally {
        await source.close();
      }
    });
}

/** One bar per phase on stderr, only for interactive use (never with --json or without a TTY). */
function progressBar(enabled: boolean): {
  update: (phase: MigratePhase, done: number, total: number) => void;
  stop: () => void;
} {
  const bar = stderrBar(enabled, "{phase} [{bar}] {value}/{total}");
  if (!bar) return { update: () => {}, stop: () => {} };
  let phase: MigratePhase | null = null;
  return {
    update(p, done, total) {
      if (p !== phase) {
        if (phase) bar.stop();
        bar.start(total, 0, { phase: p.replace("_", " ").padEnd(15) });
        phase = p;
      }
      bar.update(done);
    },
    stop() {
      if (phase) bar.stop();
      phase = null;
    },
  };
}
