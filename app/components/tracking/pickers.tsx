import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import type { View } from "./types";

const FIELD = "mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5";

/** The four views of /tracking as links (plain navigation, no JavaScript needed). */
export function TrackingTabs({ view }: { view: View }) {
  const { t } = useTranslation("tracking");
  const tabs: View[] = ["pickup", "pace", "curves", "forecast"];
  return (
    <nav aria-label={t("views")} className="mb-4 flex flex-wrap gap-2">
      {tabs.map((v) => (
        <a
          key={v}
          href={`/tracking?view=${v}`}
          aria-current={v === view ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 text-sm font-medium ${v === view ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`}
        >
          {t(`tab.${v}`)}
        </a>
      ))}
    </nav>
  );
}

/** A GET form for a view's parameters: works without JavaScript, and the URL can be bookmarked. */
export function PickerForm({ view, error, children }: { view: View; error: string | null; children: ReactNode }) {
  const { t } = useTranslation("tracking");
  return (
    <form method="get" action="/tracking" className="mb-4 space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <input type="hidden" name="view" value={view} />
      <FormErrors id="tracking-error" errors={error ? [error] : undefined} />
      <div className="flex flex-wrap items-end gap-3">
        {children}
        <button type="submit" className={buttonClass("secondary", "py-1.5")}>
          {t("picker.show")}
        </button>
      </div>
    </form>
  );
}

export function Input({ id, name, label, type, defaultValue }: { id: string; name: string; label: string; type: "date" | "month"; defaultValue: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} type={type} defaultValue={defaultValue} className={FIELD} />
    </div>
  );
}

export function Select({ id, name, label, defaultValue, options }: { id: string; name: string; label: string; defaultValue: string; options: { value: string; label: string }[] }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={FIELD}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Figures at a glance. */
export function Cards({ cards }: { cards: { label: string; value: string; hint?: string }[] }) {
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {cards.map((c) => (
        <div key={c.label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-700">{c.label}</dt>
          <dd className="text-xl font-semibold tabular-nums sm:text-2xl">{c.value}</dd>
          {c.hint ? <dd className="text-xs text-slate-600">{c.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
