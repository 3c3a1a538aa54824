import { type ComponentChildren, createContext } from "preact";
import { useContext, useMemo, useState } from "preact/hooks";
import { format, LANGS, type Lang, type MessageKey } from "./messages";

const STORAGE = "agr.lang";

interface I18n {
  lang: Lang;
  setLang(lang: Lang): void;
  t(key: MessageKey, vars?: Record<string, string | number>): string;
}

const Context = createContext<I18n>({
  lang: "en",
  setLang: () => {},
  t: (key, vars) => format("en", key, vars),
});

/** The saved language, else the browser's when it is Russian, else English. */
function initialLang(): Lang {
  const saved = localStorage.getItem(STORAGE);
  if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  return navigator.language.toLowerCase().startsWith("ru") ? "ru" : "en";
}

export function I18nProvider({ children }: { children: ComponentChildren }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const value = useMemo<I18n>(
    () => ({
      lang,
      setLang: (next) => {
        localStorage.setItem(STORAGE, next);
        document.documentElement.lang = next;
        setLangState(next);
      },
      t: (key, vars) => format(lang, key, vars),
    }),
    [lang],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useI18n = (): I18n => useContext(Context);
