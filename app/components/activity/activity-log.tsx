import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ACTIVITY_AREAS, MACHINE_ACTORS, valueKind } from "#domain/activity";
import { formatMoney } from "#domain/money";
import { Pagination } from "#app/components/admin/page";
import { buttonClass } from "#app/components/ui/button";
import { FieldErrors } from "#app/components/ui/field";
import { formatInstant } from "#domain/intl-formats";
import type { ActivityLogJson } from "#contract/activity";

type ActivityJson = ActivityLogJson["data"][number];

const MACHINES = MACHINE_ACTORS;
const control = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600";

/**
 * The activity log of one business: a filter form (person, area, dates; plain GET), the changes
 * newest first with each field's old and new value, and pages. Times are the business's.
 */
export function ActivityLogView({
  log,
  filters,
  errors,
  path,
}: {
  log: ActivityLogJson;
  filters: { actor: string; area: string; from: string; to: string };
  errors: Record<string, string[]>;
  path: string;
}) {
  const { t, i18n } = useTranslation("activity");
  const locale = i18n.language;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
    params.set("page", String(page));
    return `${path}?${params}`;
  };
  const fieldName = (path: string) =>
    path
      .split(".")
      .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : /^level_\d+$/.test(part) ? t("fields.level", { level: part.slice(6) }) : t(`fields.${part}`, { defaultValue: part })))
      .join(" › ");
  const value = (field: string, v: unknown) => {
    switch (valueKind(field, v)) {
      case "empty":
        return "—";
      case "money":
        return formatMoney(v as number, locale, log.currency);
      case "boolean":
        return v ? t("values.yes") : t("values.no");
      case "list":
        return (v as unknown[]).map(String).join(", ") || "—";
      default:
        return typeof v === "number" ? new Intl.NumberFormat(locale).format(v) : t(`values.${String(v)}`, { defaultValue: String(v) });
    }
  };
  const who = (entry: ActivityJson) =>
    entry.actor.kind === "user" ? (entry.actor.name ?? t("actors.deletedUser")) : [t(`actors.${entry.actor.kind}`), entry.actor.name].filter(Boolean).join(" · ");

  return (
    <div>
      <Form method="get" action={path} className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" aria-label={t("filter.label")}>
        <div>
          <label htmlFor="activity-actor" className="block text-sm font-medium text-slate-800">
            {t("filter.actor")}
          </label>
          <select id="activity-actor" name="actor" defaultValue={filters.actor} className={control} aria-invalid={errors.actor ? true : undefined} aria-describedby={errors.actor ? "activity-actor-error" : undefined}>
            <option value="">{t("filter.anyone")}</option>
            {log.people.map((p) => (
              <option key={p.uuid} value={p.uuid}>
                {p.name}
              </option>
            ))}
            {MACHINES.map((kind) => (
              <option key={kind} value={kind}>
                {t(`actors.${kind}`)}
              </option>
            ))}
          </select>
          <FieldErrors id="activity-actor-error" errors={errors.actor} />
        </div>
        <div>
          <label htmlFor="activity-area" className="block text-sm font-medium text-slate-800">
            {t("filter.area")}
          </label>
          <select id="activity-area" name="area" defaultValue={filters.area} className={control} aria-invalid={errors.area ? true : undefined} aria-describedby={errors.area ? "activity-area-error" : undefined}>
            <option value="">{t("filter.anyArea")}</option>
            {ACTIVITY_AREAS.map((area) => (
              <option key={area} value={area}>
                {t(`areas.${area}`)}
              </option>
            ))}
          </select>
          <FieldErrors id="activity-area-error" errors={errors.area} />
        </div>
        {(["from", "to"] as const).map((key) => (
          <div key={key}>
            <label htmlFor={`activity-${key}`} className="block text-sm font-medium text-slate-800">
              {t(`filter.${key}`)}
            </label>
            <input
              id={`activity-${key}`}
              type="date"
              name={key}
              defaultValue={filters[key]}
              className={control}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? `activity-${key}-error` : undefined}
            />
            <FieldErrors id={`activity-${key}-error`} errors={errors[key]} />
          </div>
        ))}
        <div>
          <button type="submit" className={buttonClass("secondary")}>
            {t("filter.apply")}
          </button>
        </div>
      </Form>

      {log.data.length === 0 ? (
        <p className="text-sm text-slate-700" role="status">
          {t("empty")}
        </p>
      ) : (
        <ol className="space-y-3" aria-label={t("listLabel")}>
          {log.data.map((entry) => (
            <li key={entry.uuid} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <time dateTime={entry.at} className="font-medium tabular-nums text-slate-900">
                  {formatInstant(entry.at, locale, log.timezone)}
                </time>
                <span className="text-slate-800">{who(entry)}</span>
                <span className="text-slate-600">
                  {t(`actions.${entry.action}`)} · {t(`areas.${entry.area}`)}
                  {entry.entity.label ? <> · <strong className="font-semibold text-slate-900">{entry.entity.label}</strong></> : null}
                </span>
              </p>
              {entry.changes.length ? (
                <table className="mt-2 w-full text-sm">
                  <caption className="sr-only">{t("changesCaption")}</caption>
                  <thead className="sr-only">
                    <tr>
                      <th scope="col">{t("columns.field")}</th>
                      <th scope="col">{t("columns.before")}</th>
                      <th scope="col">{t("columns.after")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.changes.map((c) => (
                      <tr key={c.field} className="border-t border-slate-100 align-top">
                        <th scope="row" className="py-1 pr-3 text-left font-normal text-slate-700">
                          {fieldName(c.field)}
                        </th>
                        <td className="py-1 pr-2 tabular-nums text-slate-700">
                          <del className="no-underline" aria-label={t("columns.before")}>{value(c.field, c.from)}</del>
                        </td>
                        <td className="py-1 tabular-nums">
                          <span aria-hidden="true" className="mr-2 text-slate-500">
                            →
                          </span>
                          <ins className="font-semibold no-underline text-slate-900">{value(c.field, c.to)}</ins>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={log.pagination.page} lastPage={log.pagination.pages} total={log.pagination.total} hrefFor={hrefFor} />
    </div>
  );
}
