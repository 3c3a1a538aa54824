import { useEffect, useState } from "preact/hooks";
import { LanguageSwitch } from "./components/language-switch";
import { ReadyGate } from "./components/ready-gate";
import { WorkspaceSwitch } from "./components/workspace-switch";
import { useI18n } from "./i18n/i18n";
import type { MessageKey } from "./i18n/messages";
import type { AskRun } from "./tabs/ask-run";
import { AskTab } from "./tabs/ask-tab";
import { BenchTab } from "./tabs/bench-tab";
import { GraphTab } from "./tabs/graph-tab";
import { IngestTab } from "./tabs/ingest-tab";
import { SettingsTab } from "./tabs/settings-tab";
import { TraceTab } from "./tabs/trace-tab";

const TABS = ["ingest", "ask", "graph", "trace", "bench", "settings"] as const;
type Tab = (typeof TABS)[number];

const tabFromHash = (): Tab => {
  const h = location.hash.replace(/^#\/?/, "");
  return (TABS as readonly string[]).includes(h) ? (h as Tab) : "ingest";
};

/** Six tabs as one app; every tab stays mounted (hidden when inactive) so its state survives a switch. */
export function App() {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>(tabFromHash);
  const [run, setRun] = useState<AskRun | undefined>();
  useEffect(() => {
    const onHash = () => setTab(tabFromHash());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  const go = (next: Tab) => {
    location.hash = next;
    setTab(next);
  };
  return (
    <div class="app">
      <header class="top">
        <h1>{t("app.title")}</h1>
        <div class="tabs" role="tablist">
          {TABS.map((id) => (
            <button
              type="button"
              key={id}
              role="tab"
              aria-selected={tab === id}
              class={tab === id ? "tab active" : "tab"}
              data-testid={`tab-${id}`}
              onClick={() => go(id)}
            >
              {t(`tab.${id}` as MessageKey)}
            </button>
          ))}
        </div>
        <WorkspaceSwitch />
        <LanguageSwitch />
      </header>
      <main>
        <ReadyGate>
          <section hidden={tab !== "ingest"} data-testid="page-ingest">
            <IngestTab active={tab === "ingest"} />
          </section>
          <section hidden={tab !== "ask"} data-testid="page-ask">
            <AskTab onRun={setRun} onOpenTrace={() => go("trace")} />
          </section>
          <section hidden={tab !== "graph"} data-testid="page-graph">
            <GraphTab active={tab === "graph"} />
          </section>
          <section hidden={tab !== "trace"} data-testid="page-trace">
            <TraceTab run={run} />
          </section>
          <section hidden={tab !== "bench"} data-testid="page-bench">
            <BenchTab active={tab === "bench"} />
          </section>
          <section hidden={tab !== "settings"} data-testid="page-settings">
            <SettingsTab active={tab === "settings"} />
          </section>
        </ReadyGate>
      </main>
    </div>
  );
}
