import { z } from "zod";
import { ageDays } from "./iso-date.js";

export const FreshnessOptionsSchema = z.object({
  /** Days after which freshness halves. */
  halfLifeDays: z.number().positive().default(365),
});
export type FreshnessOptions = z.infer<typeof FreshnessOptionsSchema>;
export const DEFAULT_FRESHNESS: FreshnessOptions = FreshnessOptionsSchema.parse({});

/**
 * Exponential decay of a date's age against `now`: 1 for today, ½ one half-life ago, 0 for
 * no date. A date ahead of `now` counts as today. Pure: the clock is a parameter.
 */
export function freshness(
  iso: string | undefined,
  now: Date,
  options: FreshnessOptions = DEFAULT_FRESHNESS,
): number {
  if (!iso) return 0;
  const age = ageDays(iso, now);
  if (age === undefined) return 0;
  return 0.5 ** (Math.max(0, age) / options.halfLifeDays);
}

/**
 * The date a passage counts as written: its publication date, else the latest date its text
 * states that is not after `now` (a plan for 2030 does not make a passage new).
 */
export function passageDate(
  chunk: { published_at?: string | undefined; dates?: readonly string[] | undefined },
  now: Date,
): string | undefined {
  if (chunk.published_at) return chunk.published_at;
  const today = now.toISOString().slice(0, 10);
  const past = (chunk.dates ?? []).filter((d) => !d.startsWith("--") && d.slice(0, 10) <= today);
  // ISO strings sort in time order; the last is the latest.
  return past.sort().at(-1);
}
