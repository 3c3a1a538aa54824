import type { Block } from "../parsed-document.js";
import { captionKey } from "./ref-keys.js";

const MAX_CAPTION = 200;

/**
 * A numbered caption written as its own short paragraph right before (or after) a table or
 * figure — "Table 1. Schedule", "Таблица 1. Расписание" — becomes that block's caption, so
 * "see Table 1" can resolve. Loaders that know captions (PDF) set them already. Pure.
 */
export function attachCaptions(blocks: readonly Block[]): Block[] {
  const out = [...blocks];
  const drop = new Set<number>();
  out.forEach((block, i) => {
    if ((block.type !== "table" && block.type !== "figure") || block.caption) return;
    for (const j of [i - 1, i + 1]) {
      const near = out[j];
      if (!near || drop.has(j) || (near.type !== "paragraph" && near.type !== "caption")) continue;
      const text = near.text.trim();
      if (text.length > MAX_CAPTION || !captionKey(text, block.type)) continue;
      out[i] = { ...block, caption: text, bboxes: [...near.bboxes, ...block.bboxes] };
      drop.add(j);
      return;
    }
  });
  return out.filter((_, i) => !drop.has(i));
}
