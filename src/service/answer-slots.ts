import type { AgentRunner, AgentStreamEvent, StreamAgentOptions } from "../../agents/stream-agent.js";
import { Semaphore } from "./semaphore.js";

/**
 * Bounds how many questions are answered at once; the rest queue in arrival order. On 2 cores,
 * 50 agent runs interleaving on one event loop answer no faster than a few at a time, and they
 * starve everything else that awaits on it: a background ingest's PDF parse made no progress in
 * 13 minutes under 50 concurrent chat clients. A slot is held for a whole stream.
 */
export class AnswerSlots {
  private readonly slots: Semaphore;

  constructor(limit: number) {
    this.slots = new Semaphore(limit);
  }

  get load() {
    return { limit: this.slots.limit, ...this.slots.load };
  }

  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.slots.run(work, signal);
  }

  /** The same runner, each ask or stream holding a slot until it ends. */
  limit(runner: AgentRunner): AgentRunner {
    const slots = this.slots;
    return {
      ask: (question: string, options: StreamAgentOptions = {}) =>
        slots.run(() => runner.ask(question, options), options.signal),
      async *stream(question: string, options: StreamAgentOptions = {}): AsyncGenerator<AgentStreamEvent> {
        const release = await slots.acquire(options.signal);
        try {
          yield* runner.stream(question, options);
        } finally {
          release();
        }
      },
    };
  }
}
