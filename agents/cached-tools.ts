import type { ToolResult } from "../tools/tool-result.js";
import type { PlannedCall, ToolName } from "./retrieval-plan.js";

type Runner = (input: PlannedCall["input"]) => Promise<ToolResult>;

/**
 * Where the agent's tool results may be cached (the server's per-store-version caches). `run`
 * either returns a stored result or calls `compute` with the input it keys by; both paths must
 * give the same result for the same store.
 */
export interface ToolCache {
  run(
    tool: ToolName,
    input: PlannedCall["input"],
    compute: (input: PlannedCall["input"]) => Promise<ToolResult>,
    /** The filter the tools run under (filterKey; "" for none): part of the key. */
    scope?: string,
  ): Promise<ToolResult>;
}

/** The same tools, each call going through `cache` (unchanged without one), keyed with their scope. */
export function withToolCache(
  tools: Record<ToolName, Runner>,
  cache: ToolCache | undefined,
  scope = "",
): Record<ToolName, Runner> {
  if (!cache) return tools;
  const wrapped = {} as Record<ToolName, Runner>;
  for (const name of Object.keys(tools) as ToolName[]) {
    const run = tools[name];
    wrapped[name] = (input) => cache.run(name, input, run, scope);
  }
  return wrapped;
}
