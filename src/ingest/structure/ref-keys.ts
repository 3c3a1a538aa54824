/**
 * Keys shared by reference mentions ("see Note 7") and the things they point at (a section
 * titled "Note 7 – Investments"), so that resolution is a map lookup.
 */
const normNumber = (n: string) => n.replace(/[–—]/g, "-").replace(/\.$/, "").toUpperCase();

/** Label of a numbered table or figure caption: "Table 2-1. Foo" → "table:2-1". */
export function captionKey(caption: string, kind: "table" | "figure"): string | undefined {
  const pattern =
    kind === "table"
      ? /^\s*(?:table|tab\.|таблица|табл\.)\s*([A-ZА-Я]?\d+(?:[.\-–]\d+)*)/iu
      : /^\s*(?:figure|fig\.|рисунок|рис\.)\s*([A-ZА-Я]?\d+(?:[.\-–]\d+)*)/iu;
  const m = pattern.exec(caption);
  return m?.[1] ? `${kind}:${normNumber(m[1])}` : undefined;
}

/** Human label for a caption key: "table:2-1" → "Table 2-1". */
export function captionLabel(key: string | undefined): string | undefined {
  if (!key) return undefined;
  const [kind = "", num = ""] = key.split(":");
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${num}`;
}

/** Keys a section title answers to: "Note 7 – Debt" → note:7; "Item 1A. Risk" → item:1A; "3.2 Traces" → section:3.2. */
export function titleKeys(title: string): string[] {
  const t = title.trim();
  const keys: string[] = [];
  const add = (re: RegExp, kind: string) => {
    const m = re.exec(t);
    if (m?.[1]) keys.push(`${kind}:${normNumber(m[1])}`);
  };
  add(/^note\s+(\d{1,3})\b/i, "note");
  add(/^item\s+(\d{1,2}[a-c]?)\b/i, "item");
  add(/^(?:section\s+|§\s*)?(\d{1,2}(?:\.\d{1,2})*)\.?(?:\s|$)/i, "section");
  add(/^(?:appendix|annex)\s+([a-z]|\d{1,2})\b/i, "appendix");
  add(/^приложение\s+(\p{L}|\d{1,2})(?!\p{L})/iu, "appendix");
  add(/^(?:раздел|глава)\s+(\d{1,2}(?:\.\d{1,2})*)/iu, "section");
  add(/^примечание\s+(\d{1,3})(?!\p{L})/iu, "note");
  add(/^chapter\s+(\d{1,2})\b/i, "chapter");
  add(/^part\s+([ivx]{1,4}|\d{1,2})\b/i, "part");
  return keys;
}

/** Key of a section by its title, for named references ("see the Flightcrew Training section"). */
export function titleKey(title: string): string {
  return `title:${title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()}`;
}

export { normNumber };
