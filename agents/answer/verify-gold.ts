import { z } from "zod";
import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { evidence } from "./test-evidence.js";
import fixture from "./verify-gold.fixture.json" with { type: "json" };

/**
 * Test data for the verifier: real passages from the docqa dev set's documents (the bundle passage
 * `agr retrieve` returned holding each gold answer) and a hand-written answer sentence per question.
 */

const ItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  gold: z.array(z.string()),
  answer: z.string(),
  evidence: z.array(
    z.object({
      sid: z.string(),
      title: z.string(),
      heading_path: z.array(z.string()),
      text: z.string(),
      uri: z.string().optional(),
      page: z.number().int().positive().optional(),
      url: z.string().optional(),
    }),
  ),
});
export type GoldItem = z.infer<typeof ItemSchema>;

export const goldItems: GoldItem[] = z.object({ items: z.array(ItemSchema) }).parse(fixture).items;

/** An item's passage as evidence under a chosen S# (PDF page or URL citation, as stored). */
export function goldEvidence(id: string, sid = "S1"): Evidence {
  const item = goldItems.find((i) => i.id === id);
  const e = item?.evidence[0];
  if (!e) throw new Error(`no gold item ${id}`);
  const citation: Evidence["citation"] =
    e.uri && e.page
      ? { kind: "pdf", uri: e.uri, page: e.page, bboxes: [] }
      : { kind: "url", url: e.url ?? "" };
  return evidence(sid, e.text, { title: e.title, heading_path: e.heading_path, citation });
}
