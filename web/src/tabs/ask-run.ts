import { postSse } from "../api/client";
import { type Answer, AnswerSchema, type ToolCallEvent, ToolCallEventSchema } from "../api/schemas";

/** One asked question as the UI saw it stream: the steps as they came, then the answer. */
export interface AskRun {
  question: string;
  mode: string;
  status: "running" | "done" | "error";
  /** The verified answer text as its tokens arrive. */
  text: string;
  /** The LLM generator's draft as it is written (before verification); empty offline. */
  draft: string;
  /** Latest step name (route, tool_call, grade, ...) for the progress line. */
  step: string;
  toolCalls: Array<ToolCallEvent & { received_ms: number }>;
  answer?: Answer;
  error?: string;
}

/** Streams POST /v1/query?stream=1, calling `update` with each new state of the run. */
export async function streamAsk(
  question: string,
  mode: string,
  update: (run: AskRun) => void,
  signal: AbortSignal,
): Promise<void> {
  const started = performance.now();
  let run: AskRun = { question, mode, status: "running", text: "", draft: "", step: "start", toolCalls: [] };
  const set = (patch: Partial<AskRun>) => {
    run = { ...run, ...patch };
    update(run);
  };
  set({});
  try {
    for await (const m of postSse("/v1/query?stream=1", { question, mode }, signal)) {
      const data: unknown = JSON.parse(m.data);
      if (m.event === "draft_token") {
        const text = (data as { text?: unknown }).text;
        if (typeof text === "string") set({ draft: run.draft + text, step: m.event });
      } else if (m.event === "token") {
        const text = (data as { text?: unknown }).text;
        if (typeof text === "string") set({ text: run.text + text, step: m.event });
      } else if (m.event === "tool_call") {
        const call = ToolCallEventSchema.parse(data);
        set({
          step: m.event,
          toolCalls: [...run.toolCalls, { ...call, received_ms: performance.now() - started }],
        });
      } else if (m.event === "result") {
        const answer = AnswerSchema.parse(data);
        set({ step: m.event, status: "done", answer, text: answer.answer });
      } else if (m.event === "error") {
        const message = (data as { error?: { message?: unknown } }).error?.message;
        set({ status: "error", error: typeof message === "string" ? message : "stream error" });
      } else set({ step: m.event });
    }
    if (run.status === "running") set({ status: "error", error: "the stream ended without an answer" });
  } catch (error) {
    if (!signal.aborted)
      set({ status: "error", error: error instanceof Error ? error.message : String(error) });
  }
}
