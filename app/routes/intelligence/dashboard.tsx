import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, Figures, Progress } from "#app/components/intelligence/cards";
import { useFormats } from "#app/components/intelligence/format";
import { intelligenceApi } from "#app/routes/intelligence/intelligence.server";
import { NightsFigure } from "#app/components/intelligence/nights-figure";
import { nightsChartMarkup } from "#app/components/intelligence/static-chart.server";
import type { StayFigures } from "#app/components/intelligence/types";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import type { Route } from "./+types/dashboard";
import { useAppUser } from "#app/routes/shell/app-layout";

// Users without the dashboard permission land on the first page they may open (spec section 2).
export const handle: RouteHandle = { permission: "user.dashboard", landing: true };
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  const { api, business } = intelligenceApi(context);
  const dashboard = await api.intelligence.dashboard(business.uuid);
  // The chart is drawn here, once, as SVG markup: the page then ships no chart code (issue 14).
  return { dashboard, nightsChart: nightsChartMarkup(context, dashboard) };
}

/** The explorer's question for some nights, so a card can link to its explanation night by night. */
function nightsQuestion(from: string, to: string) {
  return `/business-intelligence?${new URLSearchParams({ metrics: "occupancy,adr,revpar,room_revenue", dimension: "night", from, to, compare: "last_year" })}`;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("intelligence");
  const user = useAppUser();
  const d = loaderData.dashboard;
  const f = useFormats(d.currency);
  const stay = (s: StayFigures) => [
    { label: t("metric.occupancy"), value: f.percent(s.occupancy) },
    { label: t("metric.adr"), value: f.money(s.adr) },
    { label: t("metric.revpar"), value: f.money(s.revpar) },
    { label: t("metric.revenueOnBooks"), value: f.money(s.room_revenue) },
  ];
  const addDays = (n: number) => new Date(Date.parse(`${d.today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const mtd = d.month_to_date;
  const goal = mtd.goal;
  const vsLastYear = mtd.last_year.room_revenue > 0 ? mtd.actual.room_revenue / mtd.last_year.room_revenue - 1 : null;
  return (
    <>
      <title>{`${t("dashboard.title")} · Tarifa`}</title>
      <h1 className="text-2xl font-semibold">{t("dashboard.greeting", { name: user.name })}</h1>
      <p className="mb-4 text-sm text-slate-700">{t("dashboard.today", { date: f.date(d.today, { dateStyle: "full" }) })}</p>

      <section aria-labelledby="actions-title" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
        <h2 id="actions-title" className="mb-2 text-base font-semibold">
          {t("dashboard.actions")}
        </h2>
        {d.actions.length ? (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {d.actions.map((a) => (
              <li key={a.kind}>
                <Link to={a.href} className="text-brand-700 underline">
                  {t(`action.${a.kind}`, { count: a.count, amount: f.money(a.count), date: a.first_night ? f.date(a.first_night, { day: "numeric", month: "short" }) : "" })}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">{t("dashboard.noActions")}</p>
        )}
      </section>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card id="tonight" title={t("dashboard.tonight")} href="/bookings/home" linkLabel={t("dashboard.seeRooms")}>
          <Figures items={stay(d.tonight)} />
        </Card>
        <Card id="next-7" title={t("dashboard.next", { count: 7 })} href={nightsQuestion(d.today, addDays(6))} linkLabel={t("dashboard.seeNights")}>
          <Figures items={stay(d.next_7)} />
        </Card>
        <Card id="next-30" title={t("dashboard.next", { count: 30 })} href={nightsQuestion(d.today, addDays(29))} linkLabel={t("dashboard.seeNights")}>
          <Figures items={stay(d.next_30)} />
        </Card>
        <Card id="movements" title={t("dashboard.movements")} href="/bookings/home" linkLabel={t("dashboard.seeRooms")}>
          <Figures
            items={[
              { label: t("dashboard.arrivals"), value: f.count(d.movements.arrivals) },
              { label: t("dashboard.departures"), value: f.count(d.movements.departures) },
              { label: t("dashboard.inHouse"), value: f.count(d.movements.in_house) },
            ]}
          />
        </Card>
        <Card id="pickup" title={t("dashboard.pickup")} href="/sales-dashboard" linkLabel={t("dashboard.seeSales")}>
          <Figures
            items={[
              { label: t("dashboard.last24h"), value: t("dashboard.roomNights", { count: d.pickup.last_24h.net_room_nights, formatted: f.count(d.pickup.last_24h.net_room_nights) }), hint: f.money(d.pickup.last_24h.net_revenue) },
              { label: t("dashboard.last7d"), value: t("dashboard.roomNights", { count: d.pickup.last_7d.net_room_nights, formatted: f.count(d.pickup.last_7d.net_room_nights) }), hint: f.money(d.pickup.last_7d.net_revenue) },
            ]}
          />
          <p className="mt-2 text-xs text-slate-600">{t("dashboard.pickupHint", { reservations: d.pickup.last_7d.reservations, cancelled: d.pickup.last_7d.cancelled_room_nights })}</p>
        </Card>
        <Card
          id="month"
          title={t("dashboard.monthToDate", { month: f.month(d.today.slice(0, 7), "long") })}
          href="/monthly"
          linkLabel={t("dashboard.seeMonthly")}
          // The tallest card (its goals) takes two rows on wide screens rather than stretching its row.
          className="xl:row-span-2"
        >
          <Figures
            items={[
              { label: t("metric.roomRevenue"), value: f.money(mtd.actual.room_revenue), hint: t("dashboard.lastYear", { value: f.money(mtd.last_year.room_revenue) }) },
              { label: t("dashboard.vsLastYear"), value: vsLastYear === null ? "—" : `${vsLastYear >= 0 ? "+" : ""}${f.percent(vsLastYear)}` },
              { label: t("metric.occupancy"), value: f.percent(mtd.actual.occupancy), hint: t("dashboard.lastYear", { value: f.percent(mtd.last_year.occupancy) }) },
              { label: t("metric.adr"), value: f.money(mtd.actual.adr), hint: t("dashboard.lastYear", { value: f.money(mtd.last_year.adr) }) },
            ]}
          />
          {goal?.revenue || goal?.occupancy || goal?.adr ? (
            <div className="mt-2 space-y-2">
              {goal.revenue ? (
                <div data-goal="revenue">
                  <Progress label={t("dashboard.goalRevenue", { goal: f.money(goal.revenue) })} ratio={mtd.actual.room_revenue / goal.revenue} text={f.percent(mtd.actual.room_revenue / goal.revenue)} />
                  <p className="mt-1 text-xs text-slate-600">{t("dashboard.onBooks", { value: f.money(mtd.month.on_the_books.room_revenue) })}</p>
                </div>
              ) : null}
              {/* Occupancy and ADR are ratios: to date they compare directly with the month's goal. */}
              {goal.occupancy ? (
                <div data-goal="occupancy">
                  <Progress label={t("dashboard.goalOccupancy", { goal: f.percent(goal.occupancy / 100) })} ratio={ratioOf(mtd.actual.occupancy, goal.occupancy / 100)} text={f.percent(ratioOf(mtd.actual.occupancy, goal.occupancy / 100))} />
                  <p className="mt-1 text-xs text-slate-600">{t("dashboard.onBooks", { value: f.percent(mtd.month.on_the_books.occupancy) })}</p>
                </div>
              ) : null}
              {goal.adr ? (
                <div data-goal="adr">
                  <Progress label={t("dashboard.goalAdr", { goal: f.money(goal.adr) })} ratio={ratioOf(mtd.actual.adr, goal.adr)} text={f.percent(ratioOf(mtd.actual.adr, goal.adr))} />
                  <p className="mt-1 text-xs text-slate-600">{t("dashboard.onBooks", { value: f.money(mtd.month.on_the_books.adr) })}</p>
                </div>
              ) : null}
            </div>
          ) : (
            <p className="mt-2 text-sm">
              <Link to="/goals" className="text-brand-700 underline">
                {t("dashboard.setGoal")}
              </Link>
            </p>
          )}
        </Card>
        <Card id="days-to-update" title={t("dashboard.toPublish")} href="/days-to-update" linkLabel={t("dashboard.seeToPublish")}>
          <Figures
            items={[
              { label: t("dashboard.nightsWaiting", { count: d.days_to_update.within_nights }), value: f.count(d.days_to_update.count), hint: d.days_to_update.first ? t("dashboard.firstNight", { date: f.date(d.days_to_update.first, { day: "numeric", month: "short" }) }) : undefined },
            ]}
          />
        </Card>
        {d.market ? (
          <Card id="market" title={t("dashboard.market")} href="/market-analysis" linkLabel={t("dashboard.seeMarket")}>
            <Figures
              items={[
                { label: t("dashboard.priceIndex"), value: f.decimal(d.market.average_index), hint: d.market.category?.name },
                { label: t("dashboard.nightsBelow"), value: f.count(d.market.nights_below) },
                { label: t("dashboard.nightsAt"), value: f.count(d.market.nights_at) },
                { label: t("dashboard.nightsAbove"), value: f.count(d.market.nights_above) },
              ]}
            />
          </Card>
        ) : null}
      </div>

      <div className="mt-6">
        <NightsFigure dashboard={d} svg={loaderData.nightsChart} />
        <p className="mt-2 text-sm">
          <Link to={nightsQuestion(d.today, addDays(29))} className="text-brand-700 underline">
            {t("dashboard.seeNights")}
          </Link>
        </p>
      </div>
    </>
  );
}

/** Actual ÷ goal; null when the actual is not defined (nothing sold, no room available). */
function ratioOf(actual: number | null, goal: number): number | null {
  return actual === null ? null : actual / goal;
}
