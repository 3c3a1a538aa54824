import type { StepContext } from "../agent-deps.js";
import type { Tokens } from "../graph-state.js";

/** A node's StepContext and what it collected: the step's tokens and its trace notes. */
export interface StepMeter {
  ctx: StepContext;
  tokens: Tokens;
  notes: string[];
}

export function createStepMeter(onToken?: (text: string) => void): StepMeter {
  const meter: StepMeter = {
    tokens: { prompt: 0, completion: 0 },
    notes: [],
    ctx: {
      addTokens: (t) => {
        meter.tokens = {
          prompt: meter.tokens.prompt + t.prompt,
          completion: meter.tokens.completion + t.completion,
        };
      },
      note: (text) => {
        meter.notes.push(text);
      },
      ...(onToken ? { onToken } : {}),
    },
  };
  return meter;
}

/** Trace fields for a step's LLM use (none for offline steps, so their trace is unchanged). */
export function meterDetail(meter: StepMeter): Record<string, number | string[]> {
  const used = meter.tokens.prompt + meter.tokens.completion;
  return {
    ...(used > 0 ? { llm_tokens: used } : {}),
    ...(meter.notes.length ? { llm: meter.notes } : {}),
  };
}
