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
 * The next hop to run, or null when the plan is done. A hop whose slots ("#k") name a hop that
 * read no bridge is skipped: it would ask about nothing (in a chain, every later hop then goes too;
 * of two names compared, the other name's hops still run). Pure.
 */
export function nextHop(state: HopState | undefined): { hop: number; query: string } | null {
  if (!state) return null;
  const { plan, records } = state;
  const read = new Map(records.map((r) => [r.hop, r.bridge]));
  const from = Math.max(0, ...records.map((r) => r.hop));
  for (let i = from; i < plan.hops.length; i++) {
    const sub = plan.hops[i] ?? "";
    if (plan.kind === "parallel") return { hop: i + 1, query: sub };
    let ready = true;
    const query = sub.replace(/#(\d)/g, (_m, k: string) => {
      const bridge = read.get(Number(k));
      if (!bridge) ready = false;
      return bridge ?? "";
    });
    if (ready) return { hop: i + 1, query };
  }
  return null;
}

/** Whether a later hop puts this hop's answer in its question (then its bridge is read). */
export const feedsLater = (plan: HopState["plan"], hop: number): boolean =>
  plan.kind === "chain" && plan.hops.some((h) => h.includes(`#${hop}`));
