import { escapeRegExp } from "../text.js";

/** The reason with the question's names as the question writes them ("Orrin Vale", not "orrin vale"): it is shown to people. */
export function asWritten(reason: string, question: string, names: readonly string[]): string {
  const lower = question.toLowerCase();
  // Lower-casing that changes a name's length (rare letters) would misplace it: left as it is.
  if (lower.length !== question.length) return reason;
  return names.reduce((text, name) => {
    const at = lower.indexOf(name);
    if (at < 0) return text;
    const written = question.slice(at, at + name.length);
    return text.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "gu"),
      () => written,
    );
  }, reason);
}
