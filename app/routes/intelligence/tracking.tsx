import { useTranslation } from "react-i18next";
import { BookingCurvesChart, ForecastChart, PaceChart, PickupByBookingDateChart, PickupByStayDateChart, useFormats } from "#app/components/tracking/charts";
import { ExportLinks } from "#app/components/reports/period-form";
import { ForecastScorecard, MethodsInUse } from "#app/components/tracking/forecast-scorecard";
import { Cards, Input, PickerForm, Select, TrackingTabs } from "#app/components/tracking/pickers";
import { loadTracking } from "#app/routes/intelligence/tracking.server";
import type { CurvesAnswer, ForecastAnswer, PaceAnswer, PickupAnswer } from "#app/components/tracking/types";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/tracking";

/** Stay nights the pickup and forecast views offer. */
const NIGHT_CHOICES = ["30", "90", "180", "365"];

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadTracking(context, request);
}

export default function Tracking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tracking");
  const data = loaderData;
  return (
    <>
      <title>{`${t("title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
      <TrackingTabs view={data.view} />
      {data.view === "pickup" ? <PickupView pickup={data.pickup} query={data.query} error={data.error} /> : null}
      {data.view === "pace" ? <PaceView pace={data.pace} error={data.error} /> : null}
      {data.view === "curves" ? <CurvesView curves={data.curves} error={data.error} /> : null}
      {data.view === "forecast" ? <ForecastView forecast={data.forecast} query={data.query} error={data.error} /> : null}
    </>
  );
}

function PickupView({ pickup, query, error }: { pickup: PickupAnswer; query: Record<string, string>; error: string | null }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(pickup.currency);
  const days = NIGHT_CHOICES.find((d) => d === query.days) ?? "90";
  return (
    <section aria-labelledby="pickup-heading">
      <h2 id="pickup-heading" className="mb-2 text-lg font-semibold">
        {t("pickup.heading")}
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("pickup.explain", { window: t(`picker.window${pickup.window}`), date: f.long(pickup.as_of) })}</p>
      <PickerForm view="pickup" error={error}>
        <Input id="pickup-as-of" name="as_of" type="date" label={t("picker.asOf")} defaultValue={query.as_of ?? pickup.as_of} />
        <Select id="pickup-window" name="window" label={t("picker.window")} defaultValue={String(pickup.window)} options={[1, 7, 30].map((w) => ({ value: String(w), label: t(`picker.window${w}`) }))} />
        <Select id="pickup-days" name="days" label={t("picker.stayNights")} defaultValue={days} options={NIGHT_CHOICES.map((d) => ({ value: d, label: t("picker.nextNights", { n: d }) }))} />
      </PickerForm>
      <Cards
        cards={[
          { label: t("pickup.booked"), value: f.number(pickup.totals.booked.room_nights), hint: f.money(pickup.totals.booked.revenue) },
          { label: t("pickup.cancelled"), value: f.number(pickup.totals.cancelled.room_nights), hint: f.money(pickup.totals.cancelled.revenue) },
          { label: t("pickup.net"), value: f.number(pickup.totals.net.room_nights), hint: f.money(pickup.totals.net.revenue) },
          { label: t("pickup.lastYearNet"), value: f.number(pickup.totals.last_year.net.room_nights), hint: t("pickup.lastYearHint", { date: f.long(pickup.totals.last_year.as_of) }) },
        ]}
      />
      <div className="space-y-6">
        <PickupByStayDateChart pickup={pickup} />
        <PickupByBookingDateChart pickup={pickup} />
      </div>
    </section>
  );
}

function PaceView({ pace, error }: { pace: PaceAnswer; error: string | null }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(pace.currency);
  const otb = pace.months.reduce((s, m) => s + m.on_the_books.room_nights, 0);
  const ly = pace.months.reduce((s, m) => s + m.last_year.on_the_books.room_nights, 0);
  return (
    <section aria-labelledby="pace-heading">
      <h2 id="pace-heading" className="mb-2 text-lg font-semibold">
        {t("pace.heading")}
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("pace.explain", { date: f.long(pace.as_of), lastYear: f.long(pace.last_year_as_of) })}</p>
      <PickerForm view="pace" error={error}>
        <Input id="pace-from" name="from" type="month" label={t("picker.fromMonth")} defaultValue={pace.months[0].month} />
        <Select id="pace-months" name="months" label={t("picker.months")} defaultValue={String(pace.months.length)} options={[3, 6, 12, 24].map((m) => ({ value: String(m), label: t("picker.monthCount", { n: m }) }))} />
      </PickerForm>
      <Cards
        cards={[
          { label: t("pace.onTheBooks"), value: f.number(otb), hint: t("pace.roomNights") },
          { label: t("pace.lastYearSameLead"), value: f.number(ly), hint: t("pace.roomNights") },
          { label: t("pace.change"), value: ly ? `${otb >= ly ? "+" : ""}${f.number(Math.round(((otb - ly) / ly) * 1000) / 10)} %` : "—", hint: t("pace.changeHint") },
        ]}
      />
      {/* The file holds these months with their pickup of the last 1, 7 and 30 days (the export centre's "pickup-pace"). */}
      <ExportLinks kind="pickup-pace" from={`${pace.months[0].month}-01`} to={lastNightOf(pace.months[pace.months.length - 1].month)} />
      <PaceChart pace={pace} />
    </section>
  );
}

function CurvesView({ curves, error }: { curves: CurvesAnswer; error: string | null }) {
  const { t } = useTranslation("tracking");
  return (
    <section aria-labelledby="curves-heading">
      <h2 id="curves-heading" className="mb-2 text-lg font-semibold">
        {t("curves.heading")}
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("curves.explain")}</p>
      <PickerForm view="curves" error={error}>
        <Input id="curves-month" name="month" type="month" label={t("picker.stayMonth")} defaultValue={curves.month} />
        <Select
          id="curves-by"
          name="by"
          label={t("picker.compare")}
          defaultValue={curves.by}
          options={[
            { value: "month", label: t("picker.byMonth") },
            { value: "category", label: t("picker.byCategory") },
          ]}
        />
      </PickerForm>
      <BookingCurvesChart curves={curves} />
    </section>
  );
}

function ForecastView({ forecast, query, error }: { forecast: ForecastAnswer; query: Record<string, string>; error: string | null }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(forecast.currency);
  const ranges = forecast.nights.filter((n) => n.low !== null && n.high !== null);
  return (
    <section aria-labelledby="forecast-heading">
      <h2 id="forecast-heading" className="mb-2 text-lg font-semibold">
        {t("forecast.heading")}
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("forecast.explain")}</p>
      <PickerForm view="forecast" error={error}>
        <Select id="forecast-days" name="days" label={t("picker.stayNights")} defaultValue={query.days ?? "90"} options={NIGHT_CHOICES.map((d) => ({ value: d, label: t("picker.nextNights", { n: d }) }))} />
        <Select
          id="forecast-category"
          name="category"
          label={t("picker.category")}
          defaultValue={forecast.category?.uuid ?? ""}
          options={[{ value: "", label: t("forecast.allCategories") }, ...forecast.categories.map((c) => ({ value: c.uuid, label: c.name }))]}
        />
      </PickerForm>
      <Cards
        cards={[
          { label: t("forecast.expectedOccupancy"), value: f.percent(forecast.totals.forecast.occupancy), hint: t("forecast.onTheBooksNow", { value: f.percent(forecast.totals.on_the_books.occupancy) }) },
          { label: t("forecast.expectedRoomNights"), value: f.number(forecast.totals.forecast.room_nights), hint: t("forecast.onTheBooksNow", { value: f.number(forecast.totals.on_the_books.room_nights) }) },
          { label: t("forecast.expectedRevenue"), value: f.money(forecast.totals.forecast.revenue), hint: t("forecast.onTheBooksNow", { value: f.money(forecast.totals.on_the_books.revenue) }) },
          { label: t("forecast.demand"), value: f.number(forecast.totals.unconstrained), hint: t("forecast.demandHint") },
        ]}
      />
      {ranges.length ? null : <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("forecast.noRange")}</p>}
      <ExportLinks kind="forecast" from={forecast.from} to={forecast.to} extra={{ category: forecast.category?.uuid }} />
      <div className="space-y-6">
        <ForecastChart forecast={forecast} />
        {/* Full width: the scorecard's table has eight columns. */}
        <MethodsInUse horizons={forecast.horizons} />
        <ForecastScorecard scorecard={forecast.scorecard} currency={forecast.currency} />
      </div>
    </section>
  );
}

/** The last night of a stay month ("2026-02" → "2026-02-28"). */
function lastNightOf(month: string) {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
