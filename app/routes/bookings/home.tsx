import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addDays } from "#domain/bookings/stay";
import { DATE_MAX, isDateInRange } from "#domain/validation";
import { bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { TapeChart } from "#app/components/bookings/tape-chart";
import { buttonClass } from "#app/components/ui/button";
import { formatDate } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import { businessToday } from "#app/lib/business.server";
import type { Route } from "./+types/home";

export const handle = { permission: "user.rooms-overview" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

const SPAN = 14;

/** The rooms overview: two weeks of rooms × nights from `from` (default today). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api, user } = getRequestState(context);
  const asked = new URL(request.url).searchParams.get("from");
  const from = isDateInRange(asked) ? asked : businessToday(context);
  const to = addDays(from, SPAN - 1) < DATE_MAX ? addDays(from, SPAN - 1) : DATE_MAX;
  const data = await api.bookings.roomsOverview(business.uuid, { from, to });
  const canOpen = !!user?.permissions.some((p) => p.name === "user.reservations");
  return { overview: data, from, to, canOpen };
}

export default function RoomsOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookings");
  const { overview, from, to, canOpen } = loaderData;
  const locale = i18n.language;
  const unassigned = overview.stays.filter((s) => !s.room_uuid);
  const categoryName = new Map(overview.rooms.map((r) => [r.room_category_uuid, r.room_category.name]));
  const countBlocks = overview.blocks.filter((b) => !b.room_uuid);
  return (
    <>
      <title>{`${t("overview.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("overview.heading")}</h1>
        <nav aria-label={t("availability.periods")} className="ml-auto flex flex-wrap gap-2">
          <Link to={`/bookings/home?from=${addDays(from, -7)}`} className={buttonClass("secondary")}>
            {t("overview.previous")}
          </Link>
          <Link to="/bookings/home" className={buttonClass("secondary")}>
            {t("overview.today")}
          </Link>
          <Link to={`/bookings/home?from=${addDays(from, 7)}`} className={buttonClass("secondary")}>
            {t("overview.next")}
          </Link>
          {canOpen ? (
            <Link to="/bookings/create" className={buttonClass("primary")}>
              {t("list.new")}
            </Link>
          ) : null}
        </nav>
      </div>
      <p className="mb-3 text-sm text-slate-700">
        {t("overview.range", { from: formatDate(from, locale), to: formatDate(to, locale) })} {t("overview.keyboard")}
      </p>
      {overview.rooms.length === 0 ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("overview.noRooms")}</p>
      ) : (
        <TapeChart overview={overview} locale={locale} linkStays={canOpen} />
      )}
      {unassigned.length > 0 ? (
        <section aria-labelledby="unassigned-heading" className="mt-6">
          <h2 id="unassigned-heading" className="mb-2 text-lg font-semibold">
            {t("overview.unassigned")}
          </h2>
          <ul className="space-y-1 text-sm">
            {unassigned.map((s) => (
              <li key={s.reservation_uuid}>
                {canOpen ? (
                  <Link to={`/bookings/${s.reservation_uuid}`} className="font-mono text-brand-700 underline">
                    {s.code}
                  </Link>
                ) : (
                  <span className="font-mono">{s.code}</span>
                )}{" "}
                {s.guest_name} · {categoryName.get(s.room_category_uuid) ?? ""} · {formatDate(s.arrival, locale)} → {formatDate(s.departure, locale)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {countBlocks.length > 0 ? (
        <section aria-labelledby="count-blocks-heading" className="mt-6">
          <h2 id="count-blocks-heading" className="mb-2 text-lg font-semibold">
            {t("overview.categoryBlocks")}
          </h2>
          <ul className="space-y-1 text-sm">
            {countBlocks.map((b) => (
              <li key={b.uuid}>
                {t("overview.categoryBlock", { count: b.count, category: categoryName.get(b.room_category_uuid) ?? "", from: formatDate(b.starts_at, locale), to: formatDate(b.ends_at, locale), reason: t(`reason.${b.reason}`) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
