import { z } from "zod";

/** The design's blended score; weights configurable (they need not sum to 1). */
export const BlendWeightsSchema = z.object({
  text_rel: z.number().min(0).default(0.45),
  graph_prox: z.number().min(0).default(0.25),
  anchor_hit: z.number().min(0).default(0.15),
  authority: z.number().min(0).default(0.1),
  freshness: z.number().min(0).default(0.05),
});
export type BlendWeights = z.infer<typeof BlendWeightsSchema>;
export const DEFAULT_BLEND: BlendWeights = BlendWeightsSchema.parse({});

export interface BlendSignals {
  text_rel: number;
  graph_prox: number;
  anchor_hit: number;
  authority: number;
  freshness: number;
}

/** Pure: each signal in 0–1, weighted and summed. */
export function blendedScore(s: BlendSignals, w: BlendWeights = DEFAULT_BLEND): number {
  return (
    w.text_rel * s.text_rel +
    w.graph_prox * s.graph_prox +
    w.anchor_hit * s.anchor_hit +
    w.authority * s.authority +
    w.freshness * s.freshness
  );
}
