import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { addDays, daysBetween, MAX_RANGE_NIGHTS } from "#domain/bookings/stay";
import { DATE_MAX, isDateInRange } from "#domain/validation";
import { bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { AvailabilityGrid } from "#app/components/bookings/availability-grid";
import { buttonClass } from "#app/components/ui/button";
import { getRequestState } from "#app/lib/request-context.server";
import { businessToday } from "#app/lib/business.server";
import type { Route } from "./+types/availability";

export const handle = { permission: "user.availability" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

const DEFAULT_NIGHTS = 14;

/** Nights × categories from `from` (default today) for `nights` (default 14, at most 366). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const askedFrom = url.searchParams.get("from");
  const askedTo = url.searchParams.get("to");
  const from = isDateInRange(askedFrom) ? askedFrom : businessToday(context);
  let to = isDateInRange(askedTo) && askedTo >= from ? askedTo : addDays(from, DEFAULT_NIGHTS - 1);
  if (daysBetween(from, to) + 1 > MAX_RANGE_NIGHTS) to = addDays(from, MAX_RANGE_NIGHTS - 1);
  if (to > DATE_MAX) to = DATE_MAX;
  const data = await api.bookings.availability(business.uuid, { from, to });
  return { availability: data, from, to, span: daysBetween(from, to) + 1 };
}

function rangeHref(from: string, span: number) {
  return `/availability?from=${from}&to=${addDays(from, span - 1)}`;
}

export default function Availability({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const { availability: a, from, to, span } = loaderData;
  const input = "mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  return (
    <>
      <title>{`${t("availability.title")} · Tarifa`}</title>
      <h1 className="mb-4 text-2xl font-semibold">{t("availability.heading")}</h1>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Form method="get" action="/availability" className="flex flex-wrap items-end gap-3">
          <label className="text-sm font-medium text-slate-800">
            {t("list.from")}
            <input type="date" name="from" defaultValue={from} className={input} required />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("list.to")}
            <input type="date" name="to" defaultValue={to} className={input} required />
          </label>
          <button type="submit" className={buttonClass("primary")}>
            {t("availability.show")}
          </button>
        </Form>
        <nav aria-label={t("availability.periods")} className="flex gap-2">
          <Link to={rangeHref(addDays(from, -span), span)} className={buttonClass("secondary")}>
            {t("availability.previous", { count: span })}
          </Link>
          <Link to={rangeHref(addDays(from, span), span)} className={buttonClass("secondary")}>
            {t("availability.next", { count: span })}
          </Link>
        </nav>
      </div>
      {a.categories.length === 0 ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("create.noCategories")}</p>
      ) : (
        <AvailabilityGrid availability={a} from={from} to={to} />
      )}
      {!a.priced ? <p className="mt-3 text-sm text-slate-700">{t("availability.notPriced")}</p> : null}
    </>
  );
}
