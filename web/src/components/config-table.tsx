import type { ConfigView } from "../api/schemas";
import { useI18n } from "../i18n/i18n";

export function ConfigTable({ settings }: { settings: ConfigView["settings"] }) {
  const { t } = useI18n();
  const show = (v: ConfigView["settings"][number]["value"]) =>
    v === null || v === ""
      ? t("settings.unset")
      : Array.isArray(v)
        ? v.join(", ") || t("settings.unset")
        : String(v);
  return (
    <div class="card scroll-x" data-testid="config">
      <h2>{t("settings.config")}</h2>
      <table>
        <thead>
          <tr>
            <th>{t("settings.setting")}</th>
            <th>{t("settings.env")}</th>
            <th>{t("settings.value")}</th>
          </tr>
        </thead>
        <tbody>
          {settings.map((s) => (
            <tr key={s.key}>
              <td>{s.key}</td>
              <td>
                <code>{s.env}</code>
              </td>
              <td class={s.secret ? "secret" : ""}>{show(s.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
