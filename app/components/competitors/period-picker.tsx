import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { PRESETS, type PeriodChoice } from "./period";
import type { MarketAnswer } from "./types";

/** A GET form (works without JavaScript): next 30/60/90 nights or custom dates, and our room category. */
export function PeriodPicker({ action, market, choice, error }: { action: string; market: MarketAnswer; choice: PeriodChoice; error?: string | null }) {
  const { t } = useTranslation("competitors");
  return (
    <form method="get" action={action} className="mb-4 space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <FormErrors id="period-error" errors={error ? [error] : undefined} />
      <div className="flex flex-wrap items-end gap-3">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("period.legend")}</legend>
          <div className="mt-1 flex flex-wrap gap-3 text-sm">
            {[...PRESETS, "custom" as const].map((p) => (
              <label key={p} className="flex items-center gap-1">
                <input type="radio" name="period" value={p} defaultChecked={choice === p} />
                {p === "custom" ? t("period.custom") : t("period.next", { count: Number(p) })}
              </label>
            ))}
          </div>
        </fieldset>
        <DateInput id="period-from" name="from" label={t("period.from")} defaultValue={market.from} describedBy="period-custom-hint" />
        <DateInput id="period-to" name="to" label={t("period.to")} defaultValue={market.to} describedBy="period-custom-hint" />
        <CategorySelect id="period-category" categories={market.categories} selected={market.category?.uuid} />
        <button type="submit" className={buttonClass("secondary", "py-1.5")}>
          {t("period.show")}
        </button>
      </div>
      <p id="period-custom-hint" className="text-xs text-slate-600">
        {t("period.customHint")}
      </p>
    </form>
  );
}

const FIELD = "mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5";

/** A labelled date field of a GET form (the rate grid's first night, a custom period's ends). */
export function DateInput({ id, name, label, defaultValue, describedBy }: { id: string; name: string; label: string; defaultValue: string; describedBy?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={defaultValue} className={FIELD} aria-describedby={describedBy} />
    </div>
  );
}

/** Which of our room categories to compare with the market (shown only when there is a choice). */
export function CategorySelect({ id, categories, selected }: { id: string; categories: { uuid: string; name: string }[]; selected?: string }) {
  const { t } = useTranslation("competitors");
  if (categories.length < 2) return null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t("grid.category")}
      </label>
      <select id={id} name="category" defaultValue={selected} className={FIELD}>
        {categories.map((c) => (
          <option key={c.uuid} value={c.uuid}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The two market-analysis views, keeping the period. */
export function MarketTabs({ search }: { search: string }) {
  const { t } = useTranslation("competitors");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`;
  return (
    <nav aria-label={t("market.views")} className="mb-4 flex gap-2">
      <NavLink end to={`/market-analysis${search}`} className={tab}>
        {t("market.summaryTab")}
      </NavLink>
      <NavLink to={`/market-analysis/dashboard${search}`} className={tab}>
        {t("market.dashboardTab")}
      </NavLink>
    </nav>
  );
}
