import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { formatMoney } from "#domain/money";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { ApiError, bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { NightRates } from "#app/components/bookings/night-rates";
import { StatusBadge } from "#app/components/bookings/status-badge";
import { transitionSchema } from "#app/components/bookings/schemas";
import { orNotFound } from "#app/lib/not-found.server";
import { folioAction, isFolioIntent, loadFolio } from "#app/routes/bookings/folio.server";
import { ReservationFolio } from "#app/components/ledger/reservation-folio";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { Facts } from "#app/components/ui/facts";
import { FormErrors } from "#app/components/ui/field";
import { formatDate, formatDateTime } from "#app/lib/format-date";
import { notFoundUnless } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";
import type { Route } from "./+types/detail";

export const handle = { permission: "user.reservations" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

export async function loader({ context, params }: Route.LoaderArgs) {
  notFoundUnless(isUuid(params.id));
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const reservation = await orNotFound(api.bookings.reservation(business.uuid, params.id));
  return { reservation, ledger: await loadFolio(api, business.uuid, params.id) };
}

/** The status buttons (confirm, cancel, check in, check out, no-show), each a small form; and the folio's forms. */
export async function action({ request, context, params }: Route.ActionArgs) {
  notFoundUnless(isUuid(params.id));
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  if (isFolioIntent(formData.get("intent"))) return folioAction({ formData, api, session, businessUuid: business.uuid, reservationId: params.id });
  const submission = parseWithZod(formData, { schema: transitionSchema, error: issueToKey });
  if (submission.status !== "success") return data({ error: null as string | null }, { status: 422 });
  const { intent, reason } = submission.value;
  try {
    await api.bookings.transition(business.uuid, params.id, intent, intent === "cancel" ? { reason: reason ?? null } : {});
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ error: error.serverMessage ?? error.message }, { status: error.status });
  }
  return redirectWithToast(`/bookings/${params.id}`, { kind: "success", message: `bookings:toast.${intent}` }, { session });
}

export default function ReservationPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookings");
  const timeZone = useBusinessTimeZone();
  const { reservation: r, ledger } = loaderData;
  const actionData = useActionData<typeof action>();
  const locale = i18n.language;
  const money = (c: number) => formatMoney(c, locale, r.currency, { whole: true });
  return (
    <>
      <title>{`${t("detail.title", { code: r.code })} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("detail.heading", { code: r.code })}</h1>
        <StatusBadge status={r.status} />
        <div className="ml-auto flex gap-2">
          <Link to="/bookings" className={buttonClass("link")}>
            {t("detail.back")}
          </Link>
          {r.editable !== "none" ? (
            <Link to={`/bookings/${r.uuid}/edit`} className={buttonClass("secondary")}>
              {t("detail.edit")}
            </Link>
          ) : null}
        </div>
      </div>
      <FormErrors id="reservation-action-error" errors={actionData && "error" in actionData && actionData.error ? [actionData.error] : undefined} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <section aria-labelledby="stay-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="stay-heading" className="mb-3 text-lg font-semibold">
              {t("detail.stay")}
            </h2>
            <Facts
              items={[
                [t("form.arrival"), formatDate(r.arrival, locale, { dateStyle: "full" })],
                [t("form.departure"), formatDate(r.departure, locale, { dateStyle: "full" })],
                [t("detail.nights"), t("list.nights", { count: r.nights })],
                [t("form.category"), r.room_category.name],
                [t("form.room"), r.room ? r.room.number : t("detail.noRoom")],
                [t("detail.guests"), t("detail.guestCount", { adults: r.adults, children: r.children })],
                [t("form.channel"), r.channel_name ?? t(`channel.${r.channel}`, { defaultValue: r.channel })],
                ...(r.rate_plan?.name ? [[t("form.ratePlan"), r.rate_plan.name] as [string, string]] : []),
                [t("detail.createdBy"), `${r.created_by?.name ?? "—"} · ${formatDateTime(r.created_at, locale, timeZone)}`],
              ]}
            />
            {r.notes ? <p className="mt-3 whitespace-pre-line rounded bg-slate-50 p-2 text-sm">{r.notes}</p> : null}
            {r.cancellation_reason ? <p className="mt-3 text-sm text-rose-900">{t("detail.cancelReason", { reason: r.cancellation_reason })}</p> : null}
          </section>

          <section aria-labelledby="guest-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="guest-heading" className="mb-3 text-lg font-semibold">
              {t("form.guest")}
            </h2>
            <Facts
              items={[
                [t("form.guestName"), r.guest.name],
                [t("form.guestEmail"), r.guest.email ? <a href={`mailto:${r.guest.email}`} className="text-brand-700 underline">{r.guest.email}</a> : "—"],
                [t("form.guestPhone"), r.guest.phone ?? "—"],
                [t("form.guestDocument"), r.guest.document ?? "—"],
                [t("form.guestCountry"), r.guest.country ?? "—"],
              ]}
            />
          </section>

          <section aria-labelledby="rates-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="rates-heading" className="mb-3 text-lg font-semibold">
              {t("detail.rates")}
            </h2>
            <NightRates
              nights={r.night_rates}
              total={r.total}
              currency={r.currency}
              locale={locale}
              caption={t("detail.rates")}
              totalLabel={t("price.total")}
              totalNote={r.rate_overridden ? t("detail.typedRate") : undefined}
              withYear
            />
          </section>

          <ReservationFolio {...ledger} />
        </div>

        <div className="space-y-6">
          <section aria-labelledby="actions-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="actions-heading" className="mb-3 text-lg font-semibold">
              {t("detail.actions")}
            </h2>
            {r.actions.length === 0 ? <p className="text-sm text-slate-700">{t("detail.noActions")}</p> : null}
            <div className="flex flex-col gap-3">
              {r.actions
                .filter((a) => a !== "cancel")
                .map((a) => (
                  <AppForm key={a} action={`/bookings/${r.uuid}`}>
                    <SubmitButton name="intent" value={a} variant={a === "no_show" ? "secondary" : "primary"} className="w-full">
                      {t(`detail.action.${a}`)}
                    </SubmitButton>
                  </AppForm>
                ))}
              {r.actions.includes("cancel") ? (
                <AppForm action={`/bookings/${r.uuid}`} className="space-y-2 border-t border-slate-200 pt-3">
                  <label htmlFor="cancel-reason" className="block text-sm font-medium text-slate-800">
                    {t("detail.cancelReasonLabel")}
                  </label>
                  <input id="cancel-reason" name="reason" maxLength={500} className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
                  <SubmitButton name="intent" value="cancel" variant="danger" className="w-full">
                    {t("detail.action.cancel")}
                  </SubmitButton>
                </AppForm>
              ) : null}
            </div>
          </section>

          <section aria-labelledby="history-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="history-heading" className="mb-3 text-lg font-semibold">
              {t("detail.history")}
            </h2>
            <ol className="space-y-2 text-sm">
              {r.history.map((h, i) => (
                <li key={i} className="border-l-2 border-slate-200 pl-3">
                  <p className="font-medium">{t(`history.${h.action}`, { defaultValue: h.action })}</p>
                  <p className="text-xs text-slate-600">
                    {formatDateTime(h.at, locale, timeZone)}
                    {h.user?.name ? ` · ${h.user.name}` : ""}
                  </p>
                  {h.action === "updated" ? (
                    <ul className="mt-1 text-xs text-slate-700">
                      {Object.entries(h.changes).map(([field, change]) => {
                        const c = (change ?? {}) as unknown as { from: unknown; to: unknown };
                        const label = t(`history.field.${field}`, { defaultValue: field });
                        // Ids mean nothing to a reader: say what changed; money in money.
                        if (field.endsWith("_uuid")) return <li key={field}>{t("history.changed", { field: label })}</li>;
                        const show = (v: unknown) => (v == null || v === "" ? "—" : field === "total" ? money(Number(v)) : String(v));
                        return <li key={field}>{t("history.change", { field: label, from: show(c.from), to: show(c.to) })}</li>;
                      })}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}
