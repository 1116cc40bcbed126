import { useTranslation } from "react-i18next";
import { LOCALES } from "#domain/locale";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FieldErrors, FormErrors } from "#app/components/ui/field";
import { MarkdownBody } from "./markdown-body";
import type { AdminModule, LessonFormAnswer, LessonFormValues } from "./types";

const control = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600";

function Field({ id, label, errors, children }: { id: string; label: string; errors?: string[]; children: React.ReactNode }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The lesson editor of /manage/learning/add and /manage/learning/{id}: one fieldset per locale, a server-side preview. */
export function LessonForm({ modules, values, answer, submitLabel }: { modules: AdminModule[]; values: LessonFormValues; answer?: LessonFormAnswer; submitLabel: string }) {
  const { t } = useTranslation("learning");
  const shown = answer?.values ?? values;
  const errors = answer?.errors ?? {};
  const aria = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name.replace(".", "-")}-error` } : {});
  return (
    // The key resets the uncontrolled fields to what the server sends back after each submission.
    <AppForm key={JSON.stringify(shown)} className="max-w-3xl">
      <FormErrors id="lesson-form-error" errors={answer?.formError ? [answer.formError] : undefined} />
      <Field id="module_uuid" label={t("admin.module")} errors={errors.module_uuid}>
        <select id="module_uuid" name="module_uuid" defaultValue={shown.module_uuid} className={control} {...aria("module_uuid")}>
          {modules.map((m) => (
            <option key={m.uuid} value={m.uuid}>
              {m.title}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="estimated_minutes" label={t("admin.minutes")} errors={errors.estimated_minutes}>
          <input id="estimated_minutes" name="estimated_minutes" type="number" min={1} max={240} required defaultValue={shown.estimated_minutes} className={control} {...aria("estimated_minutes")} />
        </Field>
        <Field id="video_url" label={t("admin.videoUrl")} errors={errors.video_url}>
          <input id="video_url" name="video_url" type="url" defaultValue={shown.video_url} placeholder="https://" className={control} {...aria("video_url")} />
        </Field>
      </div>
      {LOCALES.map((locale) => (
        <fieldset key={locale} className="mb-4 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">
            {t(`admin.locale.${locale}`)} {locale === "pt-BR" ? `(${t("admin.required")})` : `(${t("admin.optional")})`}
          </legend>
          <Field id={`title-${locale}`} label={t("admin.lessonTitle")} errors={errors[`title.${locale}`]}>
            <input
              id={`title-${locale}`}
              name={`title.${locale}`}
              lang={locale}
              required={locale === "pt-BR"}
              defaultValue={shown.versions[locale]?.title}
              className={control}
              {...(errors[`title.${locale}`] ? { "aria-invalid": true, "aria-describedby": `title-${locale}-error` } : {})}
            />
          </Field>
          <Field id={`body-${locale}`} label={t("admin.body")} errors={errors[`body.${locale}`]}>
            <textarea
              id={`body-${locale}`}
              name={`body.${locale}`}
              lang={locale}
              rows={locale === "pt-BR" ? 12 : 6}
              required={locale === "pt-BR"}
              defaultValue={shown.versions[locale]?.body}
              className={`${control} font-mono text-sm`}
              {...(errors[`body.${locale}`] ? { "aria-invalid": true, "aria-describedby": `body-${locale}-error` } : {})}
            />
          </Field>
          {answer?.preview?.[locale] ? (
            <section aria-label={t("admin.previewOf", { locale: t(`admin.locale.${locale}`) })} className="rounded-md border border-dashed border-brand-300 bg-slate-50 p-3">
              <p className="mb-2 text-xs font-semibold uppercase text-slate-600">{t("admin.preview")}</p>
              <MarkdownBody html={answer.preview[locale]} />
            </section>
          ) : null}
        </fieldset>
      ))}
      <p className="mb-3 text-sm text-slate-600">{t("admin.markdownHint")}</p>
      <div className="flex flex-wrap gap-3">
        {/* formNoValidate: a preview of a half-written lesson is allowed. */}
        <SubmitButton name="intent" value="preview" variant="secondary" formNoValidate>
          {t("admin.previewButton")}
        </SubmitButton>
        <SubmitButton name="intent" value="save">
          {submitLabel}
        </SubmitButton>
      </div>
    </AppForm>
  );
}
