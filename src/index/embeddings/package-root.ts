import { join } from "node:path";
import { packageRoot } from "../../domain/package-root.js";

export { packageRoot };

/** `<package root>/.cache/models`, where `npm run models` (the postinstall step) puts models. */
export const defaultModelDir = (): string => join(packageRoot(), ".cache", "models");
