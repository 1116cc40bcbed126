import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DayToUpdate } from "#contract/pricing";
import { formatMoney } from "#domain/money";
import { ChannelPushStatus } from "#app/components/channels/push-status";
import { SeasonSwatch } from "#app/components/pricing/form-bits";
import { ApiError, heldPermissions, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { formatDate } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/days-to-update";

export const handle: PricingHandle = { permission: "user.calendar", anyOf: ["user.calendar", "user.price-settings"] };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

const PAGE = "/days-to-update";

export async function loader({ context }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  const { api } = getRequestState(context);
  // A business connected to a channel sees each night's push; the others publish by hand.
  const push = await api.channels.pushStatus(business.uuid);
  if (push.connected) return { business, push, days: [] as DayToUpdate[], canPublish: false };
  const answer = await api.pricing.daysToUpdate(business.uuid);
  return { business, push, days: answer.data, canPublish: heldPermissions(context).includes("user.price-settings") };
}

/** Marks the ticked nights (or all) as published at their current rate. */
export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const all = formData.get("intent") === "all";
  const dates = formData.getAll("dates").map(String);
  if (!all && dates.length === 0) return redirectWithToast(PAGE, { kind: "error", message: "pricing:daysToUpdate.noneSelected" }, { session });
  try {
    const answer = await api.pricing.publish(business.uuid, all ? { all: true } : { dates });
    return redirectWithToast(PAGE, { kind: "success", message: "pricing:daysToUpdate.published", values: { count: answer.published } }, { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(PAGE, { kind: "error", message: Object.values(error.errors).flat()[0] ?? error.message }, { session });
  }
}

export default function DaysToUpdate({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const { days, canPublish, business, push } = loaderData;
  const locale = i18n.language;
  const money = (c: number) => formatMoney(c, locale, business.currency, { whole: true });
  return (
    <>
      <title>{`${t("daysToUpdate.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("daysToUpdate.title")}</h1>
      {push.connected ? (
        <ChannelPushStatus status={push} currency={business.currency} />
      ) : (
        <ManualPublishing days={days} canPublish={canPublish} money={money} />
      )}
    </>
  );
}

function ManualPublishing({ days, canPublish, money }: { days: DayToUpdate[]; canPublish: boolean; money: (cents: number) => string }) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  return (
    <>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("daysToUpdate.intro")}</p>
      {days.length === 0 ? (
        <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm" role="status">
          {t("daysToUpdate.empty")}
        </p>
      ) : (
        <AppForm action={PAGE} className="space-y-3">
          <p className="text-sm font-medium" role="status">
            {t("daysToUpdate.count", { count: days.length })}
          </p>
          {canPublish ? (
            <div className="flex flex-wrap gap-2">
              <SubmitButton name="intent" value="selected" pendingLabel={t("saving")}>
                {t("daysToUpdate.publishSelected")}
              </SubmitButton>
              <SubmitButton name="intent" value="all" variant="secondary">
                {t("daysToUpdate.publishAll")}
              </SubmitButton>
            </div>
          ) : null}
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" aria-label={t("daysToUpdate.listLabel")}>
            {days.map((d) => (
              <li key={d.date} className="flex gap-3 p-3" data-date={d.date}>
                {canPublish ? (
                  <input type="checkbox" name="dates" value={d.date} id={`d-${d.date}`} className="mt-1 h-4 w-4 accent-brand-600" />
                ) : null}
                <div className="flex-1">
                  <label htmlFor={`d-${d.date}`} className="flex flex-wrap items-center gap-2 font-medium">
                    {formatDate(d.date, locale, { dateStyle: "full" })}
                    <span className="flex items-center gap-1 text-sm font-normal text-slate-700">
                      <SeasonSwatch color={d.season.color} />
                      {d.season.title}
                    </span>
                  </label>
                  <ul className="mt-1 grid gap-1 text-sm sm:grid-cols-3">
                    {d.categories.map((c) => (
                      <li key={c.room_category_uuid}>
                        <span className="text-slate-700">{c.name}: </span>
                        {c.published_rate === null ? (
                          <span>{t("daysToUpdate.neverPublished")}</span>
                        ) : (
                          <span className="text-slate-600 line-through">{money(c.published_rate)}</span>
                        )}{" "}
                        <span aria-hidden="true">→</span> <span className="sr-only">{t("daysToUpdate.now")}</span>
                        <span className="font-semibold">{money(c.recommended_rate)}</span>
                      </li>
                    ))}
                  </ul>
                  <Link to={`/calendar?month=${d.date.slice(0, 7)}&day=${d.date}#day-panel`} className="text-sm text-brand-700 underline">
                    {t("daysToUpdate.openInCalendar")}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </AppForm>
      )}
    </>
  );
}
