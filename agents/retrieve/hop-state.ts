import { z } from "zod";
import { HopPlanSchema } from "./decompose-question.js";

/** One hop as it ran: the sub-question, the query it became (bridges filled in), what it read. */
export const HopRecordSchema = z.object({
  hop: z.number().int().positive(),
  sub_question: z.string(),
  query: z.string(),
  /** The answer read from this hop's evidence, put into the next sub-question; null if none. */
  bridge: z.string().nullable(),
  /** This hop's ranked passages, best first. */
  evidence_ids: z.array(z.string()),
});
export type HopRecord = z.infer<typeof HopRecordSchema>;

/** A planned multi-hop retrieval and the hops run so far. */
export const HopStateSchema = z.object({
  plan: HopPlanSchema,
  records: z.array(HopRecordSchema),
});
export type HopState = z.infer<typeof HopStateSchema>;

/**
 * The next hop to run, or null when the plan is done: every hop ran, or a chain's last hop read no
 * bridge (the next sub-question would ask about nothing). Pure.
 */
export function nextHop(state: HopState | undefined): { hop: number; query: string } | null {
  if (!state) return null;
  const { plan, records } = state;
  const i = records.length;
  const sub = plan.hops[i];
  if (sub === undefined) return null;
  if (plan.kind === "parallel") return { hop: i + 1, query: sub };
  let query = sub;
  for (const r of records) {
    const slot = `#${r.hop}`;
    if (!query.includes(slot)) continue;
    if (!r.bridge) return null;
    query = query.split(slot).join(r.bridge);
  }
  return { hop: i + 1, query };
}
