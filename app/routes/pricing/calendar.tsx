import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { centsToInput, formatMoney, formatPercent, formatPercentRange } from "#domain/money";
import { isDateInRange, issueToKey } from "#domain/validation";
import { Explanation } from "#app/components/calendar/explanation";
import { PlanRates, type PlanRatesAnswer } from "#app/components/pms-settings/plan-rates";
import { currentMonth, monthBounds, MONTH, shiftMonth, weeksOf, type CalendarAnswer } from "#app/components/calendar/month";
import { Input, SeasonSwatch, WeekdayBoxes } from "#app/components/pricing/form-bits";
import { ApiError, heldPermissions, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { manualPriceFormSchema } from "#app/components/pricing/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { formatDate, formatMonthTitle } from "#app/lib/format-date";
import { dateTimeFormat } from "#domain/intl-formats.ts";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { businessTimeZone } from "#domain/business/timezone";
import { appContext } from "#app/lib/guard.server";
import { DayRecommendation } from "#app/components/pricing/recommendation-list";
import type { RecommendationsJson } from "#contract/brain";
import type { Route } from "./+types/calendar";
import { replyWithApiError } from "#app/lib/api-reply.server";

/** The calendar opens with the calendar permission or the price-settings one (who sets prices sees them). */
export const handle: PricingHandle = { permission: "user.calendar", anyOf: ["user.calendar", "user.price-settings"] };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

function pageUrl(month: string, category?: string | null, day?: string | null) {
  const q = new URLSearchParams({ month });
  if (category) q.set("category", category);
  if (day) q.set("day", day);
  return `/calendar?${q}`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("month") ?? "";
  const month = MONTH.test(asked) ? asked : currentMonth(new Date(), businessTimeZone(context.get(appContext).business));
  const { from, to } = monthBounds(month);
  // The grid without explanations (a few KiB a category); only the chosen day's cell brings its
  // explanation, read on demand when a day is picked (the link works with and without JavaScript).
  const calendar = await api.get<CalendarAnswer>(`/api/v1/businesses/${business.uuid}/calendar`, { query: { from, to, explain: "false" } });
  const askedCategory = url.searchParams.get("category");
  const category = calendar.categories.find((c) => c.uuid === askedCategory)?.uuid ?? calendar.categories[0]?.uuid ?? null;
  const askedDay = url.searchParams.get("day");
  const day = askedDay && isDateInRange(askedDay) && askedDay >= from && askedDay <= to ? askedDay : null;
  const canEdit = heldPermissions(context).includes("user.price-settings");
  const [explained, planRates, brain] =
    day && category
      ? await Promise.all([
          api.get<CalendarAnswer>(`/api/v1/businesses/${business.uuid}/calendar`, { query: { from: day, to: day, category } }),
          // The selected day's rate under each active rate plan (none when the hotel has no plan).
          api.get<PlanRatesAnswer>(`/api/v1/businesses/${business.uuid}/rate-plans/rates`, { query: { from: day, to: day, room_category_uuid: category } }),
          // The revenue brain's recommendation for that night, when there is one.
          api.get<RecommendationsJson>(`/api/v1/businesses/${business.uuid}/recommendations`, { query: { from: day, to: day, category } }),
        ])
      : [null, null, null];
  const explanation = explained?.days[0]?.rates[0]?.explanation ?? null;
  const recommendation = brain?.data[0] ?? null;
  return { business, calendar, month, category, day, canEdit, planRates, explanation, recommendation };
}

export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const back = String(formData.get("back") ?? "/calendar");
  const submission = parseWithZod(formData, { schema: manualPriceFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    const answer = await api.put<{ updated: number }>(`/api/v1/businesses/${business.uuid}/manual-prices`, submission.value);
    const message = submission.value.price === null ? "pricing:calendar.manualCleared" : "pricing:calendar.manualSaved";
    return redirectWithToast(back.startsWith("/calendar") ? back : "/calendar", { kind: "success", message, values: { count: answer.updated } }, { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error), { status: error.status });
  }
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const { calendar, month, category, day, canEdit, business } = loaderData;
  const locale = i18n.language;
  const money = (c: number) => formatMoney(c, locale, calendar.currency ?? business.currency, { whole: true });
  const occupancy = (value: number) => formatPercent(value, locale, { digits: 1 });
  const monthTitle = formatMonthTitle(month, locale);
  const weekdayFormat = dateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const selectedDay = day ? calendar.days.find((d) => d.date === day) : null;
  const index = calendar.categories.findIndex((c) => c.uuid === category);
  const selectedCell = selectedDay && index >= 0 ? selectedDay.rates[index] : null;
  const lastResult = useActionData<typeof action>();
  const [singleForm] = useForm({ id: "manual-single", lastResult });
  const [bulkForm] = useForm({ id: "manual-bulk", lastResult });
  const back = pageUrl(month, category, day);

  return (
    <>
      <title>{`${t("calendar.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("calendar.title")}</h1>
        <nav aria-label={t("calendar.monthNav")} className="ml-auto flex items-center gap-2">
          <Link to={pageUrl(shiftMonth(month, -1), category)} className={buttonClass("secondary")} rel="prev">
            <span aria-hidden="true">‹ </span>
            {t("calendar.previous")}
          </Link>
          <h2 className="min-w-32 text-center text-lg font-semibold sm:min-w-40" aria-live="polite">
            {monthTitle}
          </h2>
          <Link to={pageUrl(shiftMonth(month, 1), category)} className={buttonClass("secondary")} rel="next">
            {t("calendar.next")}
            <span aria-hidden="true"> ›</span>
          </Link>
        </nav>
      </div>

      {!calendar.configured ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
          {t("calendar.notConfigured")}{" "}
          <Link to="/price-settings/new-setting" className="text-brand-700 underline">
            {t("calendar.configure")}
          </Link>
        </p>
      ) : null}

      {calendar.categories.length > 1 ? (
        <nav aria-label={t("calendar.categoryNav")} className="mb-3 flex gap-1 overflow-x-auto">
          {calendar.categories.map((c) => (
            <Link
              key={c.uuid}
              to={pageUrl(month, c.uuid, day)}
              aria-current={c.uuid === category ? "true" : undefined}
              className={`whitespace-nowrap rounded-md px-3 py-1.5 text-sm ${c.uuid === category ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800"}`}
            >
              {c.name}
            </Link>
          ))}
        </nav>
      ) : null}

      <Legend calendar={calendar} />

      <div className="lg:flex lg:items-start lg:gap-6">
        <div className="flex-1 space-y-6">
          {calendar.categories.map((c, ci) => (
            // On phones one category at a time: the others hide below the md breakpoint.
            <section key={c.uuid} aria-labelledby={`cat-${c.uuid}`} className={c.uuid === category ? "" : "hidden md:block"}>
              <h3 id={`cat-${c.uuid}`} className="mb-1 font-semibold">
                {c.name}
              </h3>
              <table className="w-full table-fixed border-collapse text-xs sm:text-sm">
                <caption className="sr-only">{t("calendar.gridCaption", { category: c.name, month: monthTitle })}</caption>
                <thead>
                  <tr>
                    {[0, 1, 2, 3, 4, 5, 6].map((w) => (
                      <th key={w} scope="col" className="py-1 font-medium text-slate-600">
                        {weekdayFormat.format(new Date(Date.UTC(2023, 0, 1 + w)))}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeksOf(month, calendar.days).map((week, wi) => (
                    <tr key={wi}>
                      {week.map((d, di) => {
                        if (!d) return <td key={di} className="border border-slate-100 bg-slate-50" />;
                        const cell = d.rates[ci];
                        const selected = d.date === day && c.uuid === category;
                        const label = [
                          formatDate(d.date, locale, { dateStyle: "full" }),
                          money(cell.rate),
                          d.season.title,
                          t("calendar.occupancyValue", { value: occupancy(d.occupancy) }),
                          d.level ? d.level.name : null,
                          cell.manual ? t("calendar.manual") : null,
                          ...d.holidays.map((h) => h.name),
                        ]
                          .filter(Boolean)
                          .join(", ");
                        return (
                          <td key={di} className="border border-slate-200 p-0 align-top">
                            <Link
                              to={`${pageUrl(month, c.uuid, d.date)}#day-panel`}
                              aria-label={label}
                              aria-current={selected ? "date" : undefined}
                              className={`block h-full min-h-16 p-1 hover:bg-brand-50 focus:bg-brand-50 ${selected ? "ring-2 ring-brand-600 ring-inset" : ""} ${d.date === calendar.today ? "bg-amber-50" : "bg-white"}`}
                              data-date={d.date}
                            >
                              <span className="block h-1.5 rounded-sm" style={{ backgroundColor: d.season.color }} aria-hidden="true" />
                              <span className="flex items-center justify-between">
                                <span className="text-slate-600">{Number(d.date.slice(8))}</span>
                                <span aria-hidden="true" className="flex gap-0.5">
                                  {cell.manual ? <span title={t("calendar.manual")} className="rounded bg-violet-100 px-1 font-bold text-violet-800">M</span> : null}
                                  {d.holidays.length ? <span title={d.holidays.map((h) => h.name).join(", ")} className="rounded bg-rose-100 px-1 font-bold text-rose-800">F</span> : null}
                                </span>
                              </span>
                              <span className="block font-semibold tabular-nums" data-rate={cell.rate}>
                                {money(cell.rate)}
                              </span>
                              <span className="block text-slate-600">
                                {occupancy(d.occupancy)}
                                {d.level ? ` · ${d.level.name}` : ""}
                              </span>
                            </Link>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>

        <aside id="day-panel" aria-label={t("calendar.dayPanel")} className="mt-6 space-y-6 lg:mt-0 lg:w-96">
          {selectedDay && selectedCell ? (
            <section className="rounded-md border border-slate-200 bg-white p-4">
              <h2 className="text-lg font-semibold">{formatDate(selectedDay.date, locale, { dateStyle: "full" })}</h2>
              <p className="mb-2 flex items-center gap-2 text-sm text-slate-700">
                <SeasonSwatch color={selectedDay.season.color} />
                {selectedDay.season.title} · {calendar.categories[index].name} · {t("calendar.guests", { count: selectedCell.guests })}
              </p>
              {selectedDay.holidays.length ? <p className="mb-2 text-sm text-rose-800">{t("calendar.holiday", { names: selectedDay.holidays.map((h) => h.name).join(", ") })}</p> : null}
              <h3 className="mt-3 font-semibold">{t("calendar.why")}</h3>
              {loaderData.explanation ? <Explanation steps={loaderData.explanation} rate={selectedCell.rate} currency={calendar.currency} /> : null}
              {loaderData.planRates ? <PlanRates answer={loaderData.planRates} currency={calendar.currency} /> : null}
              {loaderData.recommendation ? (
                <DayRecommendation recommendation={loaderData.recommendation} currency={calendar.currency ?? business.currency} canDecide={canEdit} back={back} />
              ) : null}
              {canEdit && calendar.manual_prices_enabled ? (
                <AppForm {...getFormProps(singleForm)} action={back} className="mt-4 space-y-3 border-t border-slate-200 pt-3">
                  <FormErrors id={singleForm.errorId} errors={singleForm.errors} />
                  <input type="hidden" name="back" value={back} />
                  <input type="hidden" name="room_category_uuid" value={category ?? ""} />
                  <input type="hidden" name="date" value={selectedDay.date} />
                  <Input
                    name="price"
                    label={t("calendar.manualPrice")}
                    errors={singleForm.allErrors}
                    inputMode="decimal"
                    placeholder="250,00"
                    defaultValue={selectedCell.manual ? centsToInput(selectedCell.rate, locale) : ""}
                  />
                  <div className="flex flex-wrap gap-2">
                    <SubmitButton name="intent" value="set" pendingLabel={t("saving")}>
                      {t("calendar.setManual")}
                    </SubmitButton>
                    {selectedCell.manual ? (
                      <SubmitButton name="intent" value="clear" variant="secondary">
                        {t("calendar.clearManual")}
                      </SubmitButton>
                    ) : null}
                  </div>
                </AppForm>
              ) : null}
            </section>
          ) : (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">{t("calendar.pickDay")}</p>
          )}

          {canEdit && calendar.manual_prices_enabled && calendar.categories.length ? (
            <section aria-labelledby="bulk-heading" className="rounded-md border border-slate-200 bg-white p-4">
              <h2 id="bulk-heading" className="mb-2 font-semibold">
                {t("calendar.bulkHeading")}
              </h2>
              <AppForm {...getFormProps(bulkForm)} action={back} className="space-y-3">
                <FormErrors id={bulkForm.errorId} errors={bulkForm.errors} />
                <input type="hidden" name="back" value={back} />
                <div>
                  <label htmlFor="bulk-category" className="block text-sm font-medium text-slate-800">
                    {t("calendar.category")}
                  </label>
                  <select id="bulk-category" name="room_category_uuid" defaultValue={category ?? ""} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2">
                    {calendar.categories.map((c) => (
                      <option key={c.uuid} value={c.uuid}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="grid grid-cols-2 gap-3">
                  <Input name="from" id="bulk-from" type="date" label={t("calendar.from")} errors={bulkForm.allErrors} defaultValue={calendar.from} required />
                  <Input name="to" id="bulk-to" type="date" label={t("calendar.to")} errors={bulkForm.allErrors} defaultValue={calendar.to} required />
                </div>
                <WeekdayBoxes name="days_of_week" selected={[0, 1, 2, 3, 4, 5, 6]} legend={t("calendar.weekdays")} errors={bulkForm.allErrors} />
                <Input name="price" id="bulk-price" label={t("calendar.manualPrice")} errors={bulkForm.allErrors} inputMode="decimal" placeholder="250,00" />
                <div className="flex flex-wrap gap-2">
                  <SubmitButton name="intent" value="set" pendingLabel={t("saving")}>
                    {t("calendar.bulkSet")}
                  </SubmitButton>
                  <SubmitButton name="intent" value="clear" variant="secondary">
                    {t("calendar.bulkClear")}
                  </SubmitButton>
                </div>
              </AppForm>
            </section>
          ) : null}
        </aside>
      </div>
    </>
  );
}

function Legend({ calendar }: { calendar: CalendarAnswer }) {
  const { t, i18n } = useTranslation("pricing");
  return (
    <details className="mb-3 text-sm">
      <summary className="cursor-pointer text-slate-700">{t("calendar.legend")}</summary>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {calendar.sazonalities.map((s) => (
          <li key={s.uuid} className="flex items-center gap-1">
            <SeasonSwatch color={s.color} />
            {s.title}
          </li>
        ))}
        <li>
          <span className="rounded bg-violet-100 px-1 font-bold text-violet-800">M</span> {t("calendar.manual")}
        </li>
        <li>
          <span className="rounded bg-rose-100 px-1 font-bold text-rose-800">F</span> {t("calendar.holidayMarker")}
        </li>
        {calendar.fluctuation_levels.map((l) => (
          <li key={l.uuid}>
            {l.name}: {formatPercentRange(l.from_percentage, l.to_percentage, i18n.language)}
          </li>
        ))}
      </ul>
    </details>
  );
}
