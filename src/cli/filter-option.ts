import type { RetrievalFilter } from "../domain/retrieval-filter.js";
import { userError } from "../errors.js";

/** `--filter` help: JSON or the compact form (see src/domain/parse-retrieval-filter.ts). */
export const FILTER_HELP =
  'restrict to documents/pages/sections: JSON (\'{"uri":"*10k*.pdf","pages":{"from":50,"to":80}}\') ' +
  "or key=value;... (uri=*10k*.pdf;pages=50-80;kind=pdf|docx;published=2021..2022;modified=2024;section=Item 7 > Liquidity)";

/** The parsed `--filter`, or undefined without one; a malformed one is a usage error. Loaded on use (lazy CLI). */
export async function filterOption(text: string | undefined): Promise<RetrievalFilter | undefined> {
  if (text === undefined) return undefined;
  const { parseFilterArg } = await import("../domain/parse-retrieval-filter.js");
  const parsed = parseFilterArg(text);
  if (!parsed.ok) throw userError("bad_filter", `--filter: ${parsed.message}`);
  return parsed.filter;
}
