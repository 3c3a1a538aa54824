import { useI18n } from "../i18n/i18n";
import { LANGS, type Lang } from "../i18n/messages";

export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <label class="lang">
      {t("app.language")}{" "}
      <select data-testid="lang" value={lang} onChange={(e) => setLang(e.currentTarget.value as Lang)}>
        {LANGS.map((l) => (
          <option key={l} value={l}>
            {l === "en" ? "English" : "Русский"}
          </option>
        ))}
      </select>
    </label>
  );
}
