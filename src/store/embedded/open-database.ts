import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { AgrError, describeError } from "../../errors.js";
import { migrate } from "./migrations.js";

const MMAP_BYTES = 2 ** 31;
const CACHE_KIB = 64 * 1024;
const CHECKPOINT_PAGES = 16_384;

/** The store's SQLite file, opened with its pragmas and migrated; a clear error when it cannot be. */
export function openDatabase(file: string): Database.Database {
  let db: Database.Database;
  try {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    // Reads through a memory map (SQLite caps it at 2 GB): a question reads a few thousand
    // scattered rows (edges, postings, nodes), and read() calls were a third of a cold local
    // PPR question at 100k chunks (P50 94 -> 62 ms).
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    // A batch inserts rows all over the edge and node B-trees: with SQLite's 2 MB page cache it
    // spilled dirty pages to the WAL mid-transaction, and every commit past 1000 WAL pages
    // copied them all into the file again. A bigger cache (allocated as used) and a checkpoint
    // every 64 MB of WAL write each page about once per batch (2Wiki: 0.67M -> 0.39M pwrites).
    db.pragma(`cache_size = ${-CACHE_KIB}`);
    db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
    migrate(db);
  } catch (error) {
    if (error instanceof AgrError) throw error;
    throw new AgrError("store_open_failed", "user", `cannot open store ${file}: ${describeError(error)}`, {
      cause: error,
    });
  }
  return db;
}
