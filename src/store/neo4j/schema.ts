import type { Driver, ManagedTransaction } from "neo4j-driver";
import { z } from "zod";
import {
  AWAIT_INDEX,
  AWAIT_INDEXES,
  BACKFILL_TEXT,
  createVectorIndex,
  dropIndex,
  OLD_TEXT_INDEX,
  SCHEMA,
  SHOW_CONSTRAINTS,
  SHOW_INDEXES,
  vectorKind,
} from "./cypher.js";
import { fromNeo4j } from "./records.js";

const IndexRowSchema = z.object({
  name: z.string(),
  type: z.string(),
  options: z.unknown().transform(fromNeo4j),
});
const VectorOptionsSchema = z.object({
  indexConfig: z.object({
    "vector.dimensions": z.number(),
    "vector.quantization.enabled": z.boolean().optional(),
  }),
});

async function rows(tx: ManagedTransaction, cypher: string, params: Record<string, unknown> = {}) {
  return (await tx.run(cypher, params)).records.map((r) => r.toObject());
}

/**
 * Constraints and indexes of the store: created when missing (IF NOT EXISTS, so concurrent openers
 * are harmless), then awaited. On a store that has them, `open` costs two SHOW queries.
 * Returns the vector indexes present, by name, with their dimension.
 */
export async function ensureSchema(driver: Driver, database: string): Promise<Map<string, number>> {
  const session = driver.session({ database });
  try {
    const [indexes, constraints] = await session.executeRead(async (tx) => [
      (await rows(tx, SHOW_INDEXES)).map((r) => IndexRowSchema.parse(r)),
      (await rows(tx, SHOW_CONSTRAINTS)).map((r) => z.object({ name: z.string() }).parse(r).name),
    ]);
    const present = new Set([...indexes.map((i) => i.name), ...constraints]);
    if (present.has(OLD_TEXT_INDEX)) {
      // IN TRANSACTIONS needs an auto-commit transaction (session.run), not a managed one.
      await session.run(BACKFILL_TEXT);
      await session.executeWrite((tx) => tx.run(dropIndex(OLD_TEXT_INDEX)));
    }
    const missing = SCHEMA.filter((s) => !present.has(s.name));
    if (missing.length > 0) {
      // Schema commands cannot share a transaction with data writes, but can with each other.
      await session.executeWrite(async (tx) => {
        for (const s of missing) await tx.run(s.cypher);
      });
      await session.executeRead((tx) => tx.run(AWAIT_INDEXES));
    }
    return vectorDims(indexes);
  } finally {
    await session.close();
  }
}

function vectorDims(indexes: ReadonlyArray<z.infer<typeof IndexRowSchema>>): Map<string, number> {
  const vectors = new Map<string, number>();
  for (const i of indexes) {
    if (i.type !== "VECTOR" || !i.name.startsWith("agr_vec_")) continue;
    const parsed = VectorOptionsSchema.safeParse(i.options);
    // An index built with quantization (older stores) counts as stale: ensureVectorIndex rebuilds it.
    if (parsed.success)
      vectors.set(
        i.name,
        parsed.data.indexConfig["vector.quantization.enabled"] === true
          ? -1
          : parsed.data.indexConfig["vector.dimensions"],
      );
  }
  return vectors;
}

/** The vector indexes as the database has them now (another process may have created one). */
export async function listVectorIndexes(driver: Driver, database: string): Promise<Map<string, number>> {
  const session = driver.session({ database });
  try {
    const indexes = await session.executeRead(async (tx) => rows(tx, SHOW_INDEXES));
    return vectorDims(indexes.map((r) => IndexRowSchema.parse(r)));
  } finally {
    await session.close();
  }
}

/**
 * The vector index of one kind, created on first use with the store's dimension (an index left
 * with another dimension, e.g. after the data was wiped, is replaced), then awaited: a new index
 * on existing vectors populates in the background.
 */
export async function ensureVectorIndex(
  driver: Driver,
  database: string,
  known: Map<string, number>,
  kind: string,
  dim: number,
): Promise<void> {
  const { index } = vectorKind(kind);
  if (known.get(index) === dim) return;
  const session = driver.session({ database });
  try {
    await session.executeWrite(async (tx) => {
      if (known.has(index)) await tx.run(dropIndex(index));
    });
    await session.executeWrite((tx) => tx.run(createVectorIndex(kind, dim)));
    await session.executeRead((tx) => tx.run(AWAIT_INDEX, { name: index }));
    known.set(index, dim);
  } finally {
    await session.close();
  }
}
