import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface ProcSample {
  /** Peak resident set (VmHWM), MB. */
  hwm_mb: number;
  rss_mb: number;
  /** User + system CPU seconds since the process started. */
  cpu_s: number;
}

/** Linux /proc figures of one process; undefined once it is gone (or off Linux). */
export function procSample(pid: number): ProcSample | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { hwm_mb: kb("VmHWM") / 1024, rss_mb: kb("VmRSS") / 1024, cpu_s: ticks / TICKS };
  } catch {
    return undefined;
  }
}

/** Samples a process every second so the figures survive its death (kill -9). */
export class ProcWatch {
  first: ProcSample | undefined;
  last: ProcSample | undefined;
  peakHwmMb = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly since = performance.now();
  private lastAt = performance.now();

  constructor(readonly pid: number) {
    this.tick();
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  tick(): void {
    const s = procSample(this.pid);
    if (!s) return;
    this.first ??= s;
    this.last = s;
    this.lastAt = performance.now();
    this.peakHwmMb = Math.max(this.peakHwmMb, s.hwm_mb);
  }

  /** Peak RSS, CPU seconds and the seconds they were measured over (up to the last sample). */
  stop(): { pid: number; peak_rss_mb: number; cpu_s: number; seconds: number } {
    this.tick();
    clearInterval(this.timer);
    const cpu = (this.last?.cpu_s ?? 0) - (this.first?.cpu_s ?? 0);
    return {
      pid: this.pid,
      peak_rss_mb: Math.round(this.peakHwmMb),
      cpu_s: Math.round(cpu * 10) / 10,
      seconds: Math.round((this.lastAt - this.since) / 100) / 10,
    };
  }
}
