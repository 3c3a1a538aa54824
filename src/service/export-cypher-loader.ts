import type { Driver } from "neo4j-driver";

/**
 * Runs a script `agr export --format cypher` wrote (one statement per line, `//` comment lines)
 * through the driver, each statement in its own auto-commit transaction as cypher-shell would:
 * the schema statement cannot share a transaction with writes. For machines without cypher-shell
 * (and the tests); any other script should go through cypher-shell.
 */
export async function loadCypherScript(
  driver: Driver,
  lines: AsyncIterable<string> | Iterable<string>,
  database = "neo4j",
): Promise<{ statements: number }> {
  const session = driver.session({ database });
  let statements = 0;
  try {
    for await (const line of lines) {
      const text = line.trim();
      if (text === "" || text.startsWith("//")) continue;
      await session.run(text.endsWith(";") ? text.slice(0, -1) : text);
      statements++;
    }
  } finally {
    await session.close();
  }
  return { statements };
}
