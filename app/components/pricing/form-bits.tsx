import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useMessage } from "#app/components/ui/field";

/** Errors of one form field by its name ("dates[0].ends_at"), from Conform's `form.allErrors`. */
export type ErrorMap = Record<string, string[] | undefined>;

export function errorId(name: string) {
  return `err-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
}

export function FieldError({ errors, name }: { errors: ErrorMap; name: string }) {
  const message = useMessage();
  const list = errors[name];
  if (!list?.length) return null;
  return (
    <ul id={errorId(name)} className="mt-1 text-sm text-red-700">
      {list.map((e) => (
        <li key={e}>{message(e)}</li>
      ))}
    </ul>
  );
}

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600 focus:border-brand-500";

/** A labelled input whose errors come from the ErrorMap by name. */
export function Input({
  name,
  label,
  errors,
  hint,
  className = "",
  ...rest
}: { name: string; label: string; errors: ErrorMap; hint?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = rest.id ?? `f-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  const invalid = !!errors[name]?.length;
  const described = [invalid ? errorId(name) : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} aria-invalid={invalid || undefined} aria-describedby={described} className={inputClass} {...rest} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError errors={errors} name={name} />
    </div>
  );
}

export function Select({
  name,
  label,
  errors,
  children,
  className = "",
  ...rest
}: { name: string; label: string; errors: ErrorMap; children: React.ReactNode } & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  const id = rest.id ?? `f-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  const invalid = !!errors[name]?.length;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId(name) : undefined} className={inputClass} {...rest}>
        {children}
      </select>
      <FieldError errors={errors} name={name} />
    </div>
  );
}

/** Weekday checkboxes (0 = Sunday … 6 = Saturday) named `name`, labelled in the reader's locale. */
export function WeekdayBoxes({ name, selected, legend, errors }: { name: string; selected: readonly number[]; legend: string; errors: ErrorMap }) {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" });
  // 2023-01-01 was a Sunday.
  const label = (d: number) => format.format(new Date(Date.UTC(2023, 0, 1 + d)));
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {[0, 1, 2, 3, 4, 5, 6].map((d) => {
          const id = `f-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}-${d}`;
          return (
            <span key={d} className="inline-flex items-center gap-1">
              <input type="checkbox" id={id} name={name} value={d} defaultChecked={selected.includes(d)} className="h-4 w-4 accent-brand-600" />
              <label htmlFor={id} className="text-sm">
                {label(d)}
              </label>
            </span>
          );
        })}
      </div>
      <FieldError errors={errors} name={name} />
    </fieldset>
  );
}

/** Tabs of the price settings area. */
export function PriceSettingsNav() {
  const { t } = useTranslation("pricing");
  const cls = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded-md px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-900" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <nav aria-label={t("settings.navLabel")} className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 pb-2">
      <NavLink to="/price-settings" end className={cls}>
        {t("settings.nav.overview")}
      </NavLink>
      <NavLink to="/price-settings/new-setting" className={cls}>
        {t("settings.nav.wizard")}
      </NavLink>
      <NavLink to="/price-settings/seasonalities" className={cls}>
        {t("settings.nav.seasonalities")}
      </NavLink>
    </nav>
  );
}

/** The colour strip of a season (never the only signal: its title is always beside it). */
export function SeasonSwatch({ color, className = "" }: { color: string; className?: string }) {
  return <span aria-hidden="true" className={`inline-block h-3 w-3 shrink-0 rounded-sm border border-black/10 ${className}`} style={{ backgroundColor: color }} />;
}
