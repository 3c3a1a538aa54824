import { type Config, loadConfig } from "../config.js";
import { SqliteGraphStore } from "../store/embedded/sqlite-store.js";
import type { GraphStore } from "../store/graph-store.js";

export interface StoreOption {
  store?: string;
}

/** Opens the store the options and environment select, runs `work`, and always closes it. */
export async function withStore<T>(
  opts: StoreOption,
  work: (store: GraphStore, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig(opts.store ? { storePath: opts.store } : {});
  const store = SqliteGraphStore.open(config.storePath);
  try {
    return await work(store, config);
  } finally {
    await store.close();
  }
}
