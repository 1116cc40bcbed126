import { AppForm } from "#app/components/ui/app-form";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { locales } from "#locales/list";

/**
 * A plain form posting to /language, so it works without JavaScript; the document is
 * reloaded so the new locale's messages are fetched once.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <AppForm action="/language" reloadDocument className="flex items-center gap-2 text-sm">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select" className="text-slate-700">
        {t("language.label")}
      </label>
      <select
        id="language-select"
        name="locale"
        defaultValue={i18n.language}
        className="rounded-md border border-slate-300 bg-white px-2 py-1"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`language.names.${l}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-2 py-1 hover:bg-slate-100">
        {t("language.change")}
      </button>
    </AppForm>
  );
}
