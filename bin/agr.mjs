#!/usr/bin/env node
// Runs the TypeScript CLI directly (tsx), so there is no build step between a clone and `npx agr`.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
