import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { centsToInput, formatPercentRange } from "#domain/money";
import { isDateInRange, issueToKey } from "#domain/validation";
import { Explanation } from "#app/components/calendar/explanation";
import { MonthGrid, type StayMark } from "#app/components/calendar/month-grid";
import { PlanRates } from "#app/components/pms-settings/plan-rates";
import { currentMonth, monthBounds, MONTH, shiftMonth, unpackDays } from "#app/components/calendar/month";
import { Input, SeasonSwatch, WeekdayBoxes } from "#app/components/pricing/form-bits";
import { ApiError, heldPermissions, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { manualPriceFormSchema } from "#app/components/pricing/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { formatDate, formatMonthTitle } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { businessTimeZone } from "#domain/business/timezone";
import { appContext } from "#app/lib/guard.server";
import { DayRecommendation } from "#app/components/pricing/recommendation-list";
import type { CalendarJson } from "#contract/pricing";
import type { StayNightsJson } from "#contract/stay-rules";
import type { Route } from "./+types/calendar";
import { replyWithApiError } from "#app/lib/api-reply.server";

/** The calendar opens with the calendar permission or the price-settings one (who sets prices sees them). */
export const handle: PricingHandle = { permission: "user.calendar", anyOf: ["user.calendar", "user.price-settings"] };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

/**
 * The page's address, as short as it can be: a month repeats its days' links about 35 times in the
 * first document (issue 29). A day names its month, and the first category is the one shown when
 * none is asked, so neither is written then.
 */
function pageUrl(month: string, category: string | null | undefined, day: string | null | undefined, first: string | null | undefined) {
  const q = new URLSearchParams();
  if (day?.slice(0, 7) !== month) q.set("month", month);
  if (category && category !== first) q.set("category", category);
  if (day) q.set("day", day);
  return `/calendar?${q}`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("month") ?? "";
  const askedDay = url.searchParams.get("day");
  // Without a month, the asked day's (pageUrl leaves it out then), else this month.
  const fallback = askedDay && isDateInRange(askedDay) ? askedDay.slice(0, 7) : currentMonth(new Date(), businessTimeZone(context.get(appContext).business));
  const month = MONTH.test(asked) ? asked : fallback;
  const { from, to } = monthBounds(month);
  // The grid without explanations (a few KiB a category); only the chosen day's cell brings its
  // explanation, read on demand when a day is picked (the link works with and without JavaScript).
  const calendar = await api.pricing.compactCalendar(business.uuid, { from, to, explain: "false" });
  const askedCategory = url.searchParams.get("category");
  const category = calendar.categories.find((c) => c.uuid === askedCategory)?.uuid ?? calendar.categories[0]?.uuid ?? null;
  const day = askedDay && isDateInRange(askedDay) && askedDay >= from && askedDay <= to ? askedDay : null;
  const canEdit = heldPermissions(context).includes("user.price-settings");
  const [[explained, planRates, brain], stayRules] = await Promise.all([
    day && category
      ? Promise.all([
          api.pricing.calendar(business.uuid, { from: day, to: day, category }),
          // The selected day's rate under each active rate plan (none when the hotel has no plan).
          api.distribution.ratePlanRates(business.uuid, { from: day, to: day, room_category_uuid: category }),
          // The revenue brain's recommendation for that night, when there is one.
          api.recommendations.list(business.uuid, { from: day, to: day, category }),
        ])
      : ([null, null, null] as const),
    // The shown category's stay rules of the month (issue 28), for the cells' badges.
    category ? api.stayRules.nights(business.uuid, { from, to, category }) : null,
  ]);
  const stay = stayRules ? stayMarks(stayRules) : {};
  const explanation = explained?.days[0]?.rates[0]?.explanation ?? null;
  const recommendation = brain?.data.find((r) => r.field === "price") ?? null;
  // The page shows one category's grid at a time (tabs for the others), so its document and data
  // carry only that category's cells, as the API's compact answer has them (month.ts unpackDays; issue 29: the first document ≤ 60 KiB).
  const shown = Math.max(0, calendar.categories.findIndex((c) => c.uuid === category));
  // The weekday too is left out: the date says it (about half a KiB a month).
  const days = calendar.days.map(({ weekday: _, ...d }) => ({ ...d, rates: d.rates.slice(shown, shown + 1) }));
  return { business, calendar: { ...calendar, days }, month, category, day, canEdit, planRates, explanation, recommendation, stay };
}

export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const back = String(formData.get("back") ?? "/calendar");
  const submission = parseWithZod(formData, { schema: manualPriceFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    const answer = await api.pricing.saveManualPrices(business.uuid, submission.value);
    const message = submission.value.price === null ? "pricing:calendar.manualCleared" : "pricing:calendar.manualSaved";
    return redirectWithToast(back.startsWith("/calendar") ? back : "/calendar", { kind: "success", message, values: { count: answer.updated } }, { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error), { status: error.status });
  }
}

/** Only the nights with something to show, with only the marks they carry: the month's document stays small (issue 29). */
function stayMarks(answer: StayNightsJson): Record<string, StayMark> {
  const marks: Record<string, StayMark> = {};
  for (const n of answer.data) {
    if (n.min_stay_arrival === 1 && !n.in_gap && !n.closed_to_arrival && !n.closed_to_departure) continue;
    marks[n.night] = { min: n.min_stay_arrival, ...(n.in_gap ? { gap: true } : {}), ...(n.closed_to_arrival ? { cta: true } : {}), ...(n.closed_to_departure ? { ctd: true } : {}) };
  }
  return marks;
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const { month, category, day, canEdit, business, stay } = loaderData;
  const packed = loaderData.calendar;
  const calendar = useMemo(() => ({ ...packed, days: category ? unpackDays(packed, packed.days, category) : [] }), [packed, category]);
  const currency = calendar.currency ?? business.currency;
  const monthTitle = formatMonthTitle(month, i18n.language);
  const selectedDay = day ? calendar.days.find((d) => d.date === day) : null;
  const shown = calendar.categories.find((c) => c.uuid === category) ?? null;
  // Each day's rates hold the shown category's cell only (the loader's cut).
  const selectedCell = selectedDay && shown ? selectedDay.rates[0] : null;
  const first = calendar.categories[0]?.uuid;
  const back = pageUrl(month, category, day, first);

  return (
    <>
      <title>{`${t("calendar.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("calendar.title")}</h1>
        <nav aria-label={t("calendar.monthNav")} className="ml-auto flex items-center gap-2">
          <Link to={pageUrl(shiftMonth(month, -1), category, null, first)} className={buttonClass("secondary")} rel="prev">
            <span aria-hidden="true">‹ </span>
            {t("calendar.previous")}
          </Link>
          <h2 className="min-w-32 text-center text-lg font-semibold sm:min-w-40" aria-live="polite">
            {monthTitle}
          </h2>
          <Link to={pageUrl(shiftMonth(month, 1), category, null, first)} className={buttonClass("secondary")} rel="next">
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
              to={pageUrl(month, c.uuid, day, first)}
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
          {shown ? (
            <section aria-labelledby={`cat-${shown.uuid}`}>
              <h3 id={`cat-${shown.uuid}`} className="mb-1 font-semibold">
                {shown.name}
              </h3>
              <MonthGrid calendar={calendar} month={month} day={day} shown={shown} stay={stay} currency={currency} dayHref={(date) => pageUrl(month, shown.uuid, date, first)} />
            </section>
          ) : null}
        </div>

        <aside id="day-panel" aria-label={t("calendar.dayPanel")} className="mt-6 space-y-6 lg:mt-0 lg:w-96">
          {selectedDay && selectedCell ? (
            <DayPanel
              day={selectedDay}
              cell={selectedCell}
              categoryName={shown?.name ?? ""}
              category={category}
              back={back}
              currency={currency}
              canEdit={canEdit}
              manualPrices={calendar.manual_prices_enabled}
              explanation={loaderData.explanation}
              planRates={loaderData.planRates}
              recommendation={loaderData.recommendation}
            />
          ) : (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">{t("calendar.pickDay")}</p>
          )}

          {canEdit && calendar.manual_prices_enabled && calendar.categories.length ? (
            <BulkPrices calendar={calendar} category={category} back={back} />
          ) : null}
        </aside>
      </div>
    </>
  );
}

type CalendarDay = CalendarJson["days"][number];
type LoaderData = Route.ComponentProps["loaderData"];

/** The chosen night: why it costs what it does, the plans' rates, the brain's advice and its manual price. */
function DayPanel(props: {
  day: CalendarDay;
  cell: CalendarDay["rates"][number];
  categoryName: string;
  category: string | null;
  back: string;
  currency: string;
  canEdit: boolean;
  manualPrices: boolean;
  explanation: LoaderData["explanation"];
  planRates: LoaderData["planRates"];
  recommendation: LoaderData["recommendation"];
}) {
  const { day: selectedDay, cell: selectedCell, categoryName, category, back, currency, canEdit, manualPrices, explanation, planRates, recommendation } = props;
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const lastResult = useActionData<typeof action>();
  const [singleForm] = useForm({ id: "manual-single", lastResult });
  return (
    <section className="rounded-md border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{formatDate(selectedDay.date, locale, { dateStyle: "full" })}</h2>
      <p className="mb-2 flex items-center gap-2 text-sm text-slate-700">
        <SeasonSwatch color={selectedDay.season.color} />
        {selectedDay.season.title} · {categoryName} · {t("calendar.guests", { count: selectedCell.guests })}
      </p>
      {selectedDay.holidays.length ? <p className="mb-2 text-sm text-rose-800">{t("calendar.holiday", { names: selectedDay.holidays.map((h) => h.name).join(", ") })}</p> : null}
      <h3 className="mt-3 font-semibold">{t("calendar.why")}</h3>
      {explanation ? <Explanation steps={explanation} rate={selectedCell.rate} currency={currency} /> : null}
      {planRates ? <PlanRates answer={planRates} currency={currency} /> : null}
      {recommendation ? (
        <DayRecommendation recommendation={recommendation} currency={currency} canDecide={canEdit} back={back} />
      ) : null}
      {canEdit && manualPrices ? (
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
  );
}

/** One price (or none) for a category over a range of dates and weekdays. */
function BulkPrices({ calendar, category, back }: { calendar: CalendarJson; category: string | null; back: string }) {
  const { t } = useTranslation("pricing");
  const lastResult = useActionData<typeof action>();
  const [bulkForm] = useForm({ id: "manual-bulk", lastResult });
  return (
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
          {/* Keyed by the shown category: a client navigation to another category's tab selects it here too (a default value is read once). */}
          <select key={category ?? ""} id="bulk-category" name="room_category_uuid" defaultValue={category ?? ""} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2">
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
  );
}

function Legend({ calendar }: { calendar: CalendarJson }) {
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
        <li>
          <span className="rounded bg-sky-100 px-1 text-sky-900">{t("stayRules.badge.min", { count: 2 })}</span> {t("stayRules.badge.minTitle", { count: 2 })}
        </li>
        <li>
          <span className="rounded bg-emerald-100 px-1 text-emerald-900">{t("stayRules.badge.min", { count: 1 })}</span> {t("stayRules.badge.gapTitle", { count: 1 })}
        </li>
        <li>
          <span className="rounded bg-sky-100 px-1 text-sky-900">{t("stayRules.badge.cta")}</span> {t("stayRules.badge.ctaTitle")}
        </li>
        <li>
          <span className="rounded bg-sky-100 px-1 text-sky-900">{t("stayRules.badge.ctd")}</span> {t("stayRules.badge.ctdTitle")}
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
