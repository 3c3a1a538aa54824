import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const PackageSchema = z.object({ name: z.string() });

/**
 * The folder of this package's package.json, found from this file (not the cwd). Files the
 * package ships beside its code (web/dist, scripts/, .cache/models) are found from here, so they
 * resolve the same from the TypeScript sources, from the built dist/ and from an installed copy.
 */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const parsed = PackageSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
      if (parsed.success && parsed.data.name === "agentic-graph-rag") return dir;
    }
    if (dirname(dir) === dir) throw new Error(`no agentic-graph-rag package.json above ${from}`);
  }
}
