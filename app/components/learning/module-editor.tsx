import { useTranslation } from "react-i18next";
import { LOCALES } from "#domain/locale";
import { LEARNING_LEVELS } from "#domain/schemas/learning";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FieldErrors, FormErrors } from "#app/components/ui/field";
import type { AdminModule } from "./types";

const control = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600";

export interface RefusedEdit {
  errors: Record<string, string[]>;
  message: string;
  /** What was typed, shown again (the page works without JavaScript). */
  values: Record<string, string>;
}

/**
 * Edits one module on /manage/learning: its level and its title and description in each language
 * (PUT /admin/learning/modules/{id}); the order is the page's ↑ ↓ buttons. A plain form in a
 * disclosure, open again with the API's errors beside the fields when the save was refused.
 */
export function ModuleEditor({ module: m, refused }: { module: AdminModule; refused: RefusedEdit | null }) {
  const { t } = useTranslation("learning");
  const errors = refused?.errors ?? {};
  const value = (name: string, stored: string) => (refused ? (refused.values[name] ?? "") : stored);
  const id = (name: string) => `${m.uuid}-${name}`;
  const invalid = (key: string, name: string) => (errors[key] ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {});
  return (
    <details className="mt-3" open={refused ? true : undefined}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("admin.editModule", { title: m.title })}</summary>
      <AppForm className="mt-3">
        <FormErrors id={id("form-error")} errors={refused && !Object.keys(errors).length ? [refused.message] : undefined} />
        <p className="mb-3 text-sm text-slate-600">{t("admin.moduleFallbackHint")}</p>
        <div className="mb-3 max-w-xs">
          <label htmlFor={id("level")} className="block text-sm font-medium">
            {t("admin.level")}
          </label>
          <select id={id("level")} name="level" className={control} defaultValue={value("level", m.level)} {...invalid("level", "level")}>
            {LEARNING_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`level.${level}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={`${id("level")}-error`} errors={errors.level} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {LOCALES.map((locale) => {
            const stored = m.texts[locale];
            return (
              <fieldset key={locale} className="rounded-md border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold">
                  {t(`admin.locale.${locale}`)} ({locale === "pt-BR" ? t("admin.required") : t("admin.optional")})
                </legend>
                <label htmlFor={id(`title-${locale}`)} className="block text-sm font-medium">
                  {t("admin.lessonTitle")}
                </label>
                <input
                  id={id(`title-${locale}`)}
                  name={`title_${locale}`}
                  required={locale === "pt-BR"}
                  className={control}
                  defaultValue={value(`title_${locale}`, stored?.title ?? "")}
                  {...invalid(`texts.${locale}.title`, `title-${locale}`)}
                />
                <FieldErrors id={`${id(`title-${locale}`)}-error`} errors={errors[`texts.${locale}.title`]} />
                <label htmlFor={id(`description-${locale}`)} className="mt-2 block text-sm font-medium">
                  {t("admin.description")}
                </label>
                <textarea
                  id={id(`description-${locale}`)}
                  name={`description_${locale}`}
                  rows={2}
                  className={control}
                  defaultValue={value(`description_${locale}`, stored?.description ?? "")}
                  {...invalid(`texts.${locale}.description`, `description-${locale}`)}
                />
                <FieldErrors id={`${id(`description-${locale}`)}-error`} errors={errors[`texts.${locale}.description`]} />
              </fieldset>
            );
          })}
        </div>
        <SubmitButton name="intent" value={`module-save:${m.uuid}`} className="mt-3" aria-label={t("admin.saveModuleNamed", { title: m.title })}>
          {t("admin.saveModule")}
        </SubmitButton>
      </AppForm>
    </details>
  );
}
