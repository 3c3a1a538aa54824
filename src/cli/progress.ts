import cliProgress from "cli-progress";
import type { IngestEvent } from "../ingest/pipeline.js";

/** Progress bars on stderr for interactive use only: never with --json or when stderr is not a TTY. */
export function ingestProgress(enabled: boolean): { onEvent: (e: IngestEvent) => void; stop: () => void } {
  if (!enabled || !process.stderr.isTTY) return { onEvent: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: "{phase} [{bar}] {value}/{total} {item}",
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
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
