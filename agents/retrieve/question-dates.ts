import type { ToolDeps } from "../../tools/tool-result.js";

/**
 * The dates a question or a passage names (pure), and the temporal route's order: passages naming
 * the question's years first (their texts read from the store).
 */
const DATE =
  /\b(?:\d{4}-\d{2}-\d{2}|(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.? (?:\d{1,2}, )?\d{4}|Q[1-4] \d{4}|(?:1[5-9]|20)\d{2})\b/g;

/** Dates a text names: ISO dates, "March 2021", "Q3 2020", bare years. */
export function datesIn(text: string): string[] {
  return [...new Set(text.match(DATE) ?? [])];
}

/** The order with the passages naming one of the dates' years first, each group in its order. */
export async function datesFirst(
  deps: ToolDeps,
  order: readonly string[],
  dates: readonly string[],
): Promise<string[]> {
  const years = new Set(dates.flatMap((d) => d.match(/\d{4}/g) ?? []));
  const texts = new Map(
    (await deps.store.getNodes(order)).flatMap((n) => (n.label === "Chunk" ? [[n.id, n.text] as const] : [])),
  );
  const names = (id: string) => [...years].some((y) => (texts.get(id) ?? "").includes(y));
  return [...order.filter(names), ...order.filter((id) => !names(id))];
}
