export interface CaptionStart {
  kind: "table" | "figure";
  /** "Table 2-1", "Figure 3", "Fig. 2" as printed. */
  label: string;
}

const CAPTION =
  /^(table|tab\.|figure|fig\.|exhibit|chart|plate)\s*([A-Z]?\d+(?:[-.–‐]\d+)*[a-z]?)(?=$|[\s.:—–-])(.*)$/i;

/**
 * Whether a line opens a caption: "Table 2-1 FUNCTION_USAGE view", "TABLE 3", "Figure 1.
 * Sample program", "Fig. 2: ...". Running text that merely starts with a reference
 * ("Table 2-2 shows ...", "Figure 3 summarizes") is not one: its next word is lower-case.
 */
export function captionStart(text: string): CaptionStart | undefined {
  const m = CAPTION.exec(text.trim());
  if (!m) return undefined;
  const [, word = "", number = "", rest = ""] = m;
  const lower = word.toLowerCase();
  // "TABLE OF CONTENTS" has no number; "Exhibit 10.1" in an exhibit list is no figure.
  if (lower === "exhibit") return undefined;
  const after = rest.trim();
  if (after !== "" && !/^[.:—–-]/.test(after) && !/^[\p{Lu}\p{N}"“'(]/u.test(after)) return undefined;
  // "Table 2.1 lists" passes the capital test but reads as a sentence when the next word is a verb.
  if (/^[A-Z][a-z]+s\s+(?:the|a|an|how|that|our|this)\b/.test(after)) return undefined;
  const kind = lower.startsWith("tab") ? "table" : "figure";
  const label = `${word[0]?.toUpperCase() ?? ""}${word.slice(1).toLowerCase()} ${number}`.replace(/\.$/, "");
  return { kind, label };
}
