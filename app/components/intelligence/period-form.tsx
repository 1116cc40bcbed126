import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { FieldErrors } from "#app/components/ui/field";

const FIELD = "mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5";

/** A labelled date field of a GET form, with its errors from the API beside it. */
export function DateField({ id, name, label, value, errors }: { id: string; name: string; label: string; value: string; errors?: string[] }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value} className={FIELD} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A labelled select of a GET form. */
export function SelectInput({ id, name, label, value, options, errors }: { id: string; name: string; label: string; value: string; options: { value: string; label: string }[]; errors?: string[] }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={FIELD} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A question asked with a plain GET form (works without JavaScript; the URL holds the question). */
export function QuestionForm({ action, label, children }: { action: string; label: string; children: ReactNode }) {
  const { t } = useTranslation("intelligence");
  return (
    <form method="get" action={action} aria-label={label} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      {children}
      <button type="submit" className={buttonClass("secondary", "py-1.5")}>
        {t("form.show")}
      </button>
    </form>
  );
}

/** From and to of a period, with the API's reasons beside them. */
export function PeriodFields({ prefix = "", from, to, errors, labels }: { prefix?: string; from: string; to: string; errors?: Record<string, string[]> | null; labels?: { from: string; to: string } }) {
  const { t } = useTranslation("intelligence");
  const name = (n: string) => (prefix ? `${prefix}_${n}` : n);
  return (
    <>
      <DateField id={`period-${name("from")}`} name={name("from")} label={labels?.from ?? t("form.from")} value={from} errors={errors?.[name("from")]} />
      <DateField id={`period-${name("to")}`} name={name("to")} label={labels?.to ?? t("form.to")} value={to} errors={errors?.[name("to")]} />
    </>
  );
}
