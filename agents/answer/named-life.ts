import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { escapeRegExp } from "../text.js";

/**
 * The dates in brackets right after a name, in any passage: "… by the French artist Elm Varga
 * (1883–1956) …", "the castle of Varn (c. 1180)". A comparison reads them when the option has
 * no passage of its own. The first passage that writes them wins; null when none does. Pure.
 */
export function namedLife(
  evidence: readonly Evidence[],
  option: string,
): { e: Evidence; bracket: string } | null {
  const name = option.replace(/^(?:the|a|an)\s+/i, "").trim();
  if (name.length < 3) return null;
  // Years only inside the bracket: "(born 1950 in X)", "(1883–1956)", "(c. 1691–1750)".
  const re = new RegExp(
    `(?<![\\p{L}])${escapeRegExp(name)}\\s*\\(([^()]{0,60}?\\b\\d{3,4}\\b[^()]{0,40})\\)`,
    "u",
  );
  for (const e of evidence) {
    const m = re.exec(e.text);
    if (m?.[1]) return { e, bracket: `(${m[1]})` };
  }
  return null;
}
