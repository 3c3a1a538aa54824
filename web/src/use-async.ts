import { useCallback, useEffect, useState } from "preact/hooks";

export type AsyncState<T> =
  | { state: "loading" }
  | { state: "ok"; value: T }
  | { state: "error"; message: string };

/** Runs `load` when `enabled` turns true (and on reload()); keeps the last value while reloading. */
export function useAsync<T>(load: () => Promise<T>, enabled: boolean, deps: unknown[] = []) {
  const [result, setResult] = useState<AsyncState<T>>({ state: "loading" });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      (value) => live && setResult({ state: "ok", value }),
      (error: unknown) =>
        live &&
        setResult({ state: "error", message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [enabled, tick, ...deps]);
  return { result, reload };
}
