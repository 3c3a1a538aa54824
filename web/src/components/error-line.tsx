import { useI18n } from "../i18n/i18n";

export function ErrorLine({ message }: { message: string }) {
  const { t } = useI18n();
  return (
    <p class="error" role="alert">
      {t("app.error", { message })}
    </p>
  );
}
