/**
 * An order with an anchor ranking's best ids kept near its top: the anchor's i-th id, when the
 * order ranks it below its first `within[i]` places, moves up to the last of them (joins there
 * when the order lacks it). The rest keep their order. Pure, so a final evidence order can be
 * checked by hand.
 */
export function anchoredOrder(
  order: readonly string[],
  anchor: readonly (string | undefined)[],
  within: readonly number[],
): string[] {
  const out = [...new Set(order)];
  for (const [i, id] of anchor.entries()) {
    const places = within[i];
    if (id === undefined || places === undefined || places < 1) continue;
    const now = out.indexOf(id);
    if (now >= 0 && now < places) continue;
    if (now >= 0) out.splice(now, 1);
    out.splice(Math.min(places - 1, out.length), 0, id);
  }
  return out;
}
