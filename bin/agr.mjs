#!/usr/bin/env node
// Runs the TypeScript CLI directly (tsx), so there is no build step between a clone and `npx agr`.
// `agr eval` belongs to the eval harness (evals/), which nothing in src/ imports: it is plugged in here.
import { register } from "tsx/esm/api";

register();
const { runAgr } = await import("../src/cli/main.ts");
const { registerEvalCommand } = await import("../evals/cli/eval-command.ts");
await runAgr(process.argv, [registerEvalCommand]);
