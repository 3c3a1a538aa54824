import cliProgress from "cli-progress";
import type { IngestEvent } from "../ingest/pipeline.js";

/** A progress bar on stderr for interactive use only: undefined with --json or when stderr is not a TTY. */
export function stderrBar(enabled: boolean, format: string): cliProgress.SingleBar | undefined {
  if (!enabled || !process.stderr.isTTY) return undefined;
  return new cliProgress.SingleBar(
    { stream: process.stderr, format, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
}

/** Ingest progress (parse, then chunks) on a stderrBar. */
export function ingestProgress(enabled: boolean): { onEvent: (e: IngestEvent) => void; stop: () => void } {
  const bar = stderrBar(enabled, "{phase} [{bar}] {value}/{total} {item}");
  if (!bar) return { onEvent: () => {}, stop: () => {} };
  let active = false;
  return {
    onEvent(e) {
      if (e.phase === "files") {
        bar.start(e.total, 0, { phase: "parse ", item: "" });
        active = true;
      } else if (e.phase === "file") {
        bar.update(e.done, { item: e.path.split("/").slice(-2).join("/") });
      } else if (e.phase === "chunks") {
        bar.update(e.done, { phase: "chunks", item: "" });
        bar.setTotal(Math.max(e.done, bar.getTotal()));
      }
    },
    stop() {
      if (active) bar.stop();
    },
  };
}
