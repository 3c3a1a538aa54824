import type { AskResult } from "../../agents/ask-result.js";
import type { Config } from "../config.js";
import type { Engine } from "../service/engine.js";
import { QueryMonitor } from "../service/query-monitor.js";
import { HttpError } from "./http-error.js";
import { TraceLog } from "./trace-log.js";
import type { WorkspaceDirectory } from "./workspace-dispatch.js";

/** Per-request values the middleware sets for the handlers. */
export type AppEnv = {
  Variables: {
    /** Aborted when the client goes away or the request times out. */
    signal: AbortSignal;
    /** The verified API key's digest (set by the auth middleware; unset without keys). */
    apiKeyId: string | undefined;
  };
};

type SlotState =
  | { state: "starting" }
  | { state: "ready"; engine: Engine }
  | { state: "failed"; error: string }
  | { state: "stopping"; engine: Engine };

/**
 * What every route shares: the engine once it is open (the server listens before models are
 * loaded, so /healthz answers at once and /readyz tells when queries can be served), the HTTP
 * settings, the recent traces and the query monitor.
 */
export class ServerContext {
  private slot: SlotState = { state: "starting" };
  readonly traces = new TraceLog<AskResult & { trace_id: string; question: string }>(500);
  readonly queries = new QueryMonitor();

  /**
   * `config` is this workspace's (src/service/workspaces.ts `forWorkspace`); `directory` lists what
   * the server holds and which keys are bound where (one "default" workspace when not given).
   */
  constructor(
    readonly config: Config,
    readonly directory: WorkspaceDirectory = { names: [config.workspace], boundTo: () => undefined },
  ) {}

  get status(): SlotState["state"] {
    return this.slot.state;
  }

  get failure(): string | undefined {
    return this.slot.state === "failed" ? this.slot.error : undefined;
  }

  ready(engine: Engine): void {
    this.slot = { state: "ready", engine };
  }

  failed(error: string): void {
    this.slot = { state: "failed", error };
  }

  /** From now on requests get 503; returns the engine to close, if any. */
  stopping(): Engine | undefined {
    const engine =
      this.slot.state === "ready" || this.slot.state === "stopping" ? this.slot.engine : undefined;
    if (engine) this.slot = { state: "stopping", engine };
    return engine;
  }

  /** The engine, or 503 while it is loading, failed or shutting down. */
  engine(): Engine {
    if (this.slot.state === "ready") return this.slot.engine;
    if (this.slot.state === "stopping")
      throw new HttpError(503, "shutting_down", "the server is shutting down");
    if (this.slot.state === "failed")
      throw new HttpError(503, "not_ready", `the engine failed to start: ${this.slot.error}`);
    throw new HttpError(503, "not_ready", "the engine is still loading; retry shortly", {
      "retry-after": "2",
    });
  }
}
