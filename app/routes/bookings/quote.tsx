import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { formatMoney } from "#domain/money";
import { CHANNELS } from "#domain/schemas/bookings";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { ApiError, bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { NightRates } from "#app/components/bookings/night-rates";
import { convertSchema } from "#app/components/bookings/schemas";
import { StatusBadge } from "#app/components/bookings/status-badge";
import { orNotFound } from "#app/lib/not-found.server";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { Facts } from "#app/components/ui/facts";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { formatDate } from "#app/lib/format-date";
import { notFoundUnless } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/quote";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = { permission: "user.reservations" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

export async function loader({ context, params }: Route.LoaderArgs) {
  notFoundUnless(isUuid(params.id));
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  return { quote: await orNotFound(api.bookings.quote(business.uuid, params.id)) };
}

/** Turns the offer into a reservation at the quoted rates (the API takes the inventory, 409 when full). */
export async function action({ request, context, params }: Route.ActionArgs) {
  notFoundUnless(isUuid(params.id));
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: convertSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const v = submission.value;
  try {
    const { reservation } = await api.bookings.convertQuote(business.uuid, params.id, {
      guest: { name: v.guest_name, email: v.guest_email || null, phone: v.guest_phone || null },
      channel: v.channel,
    });
    return redirectWithToast(`/bookings/${reservation.uuid}`, { kind: "success", message: "bookings:toast.created", values: { code: reservation.code } }, { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: ["guest_name", "guest_email", "guest_phone", "channel"] }), { status: error.status });
  }
}

export default function BookingQuote({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookings");
  const { quote: q } = loaderData;
  const locale = i18n.language;
  const money = (c: number) => formatMoney(c, locale, q.currency, { whole: true });
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `convert-${q.uuid}`,
    lastResult,
    defaultValue: { guest_name: q.guest_name ?? "", guest_email: q.guest_email ?? "", guest_phone: q.guest_phone ?? "", channel: "direct" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: convertSchema, error: issueToKey }),
    shouldValidate: "onBlur",
  });
  return (
    <>
      <title>{`${t("quote.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("quote.heading", { business: q.business_name ?? "" })}</h1>
        <StatusBadge status={q.status} kind="quoteStatus" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="offer-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="offer-heading" className="mb-3 text-lg font-semibold">
            {t("quote.offer")}
          </h2>
          <Facts
            items={[
              [t("quote.for"), q.guest_name ?? "—"],
              [t("form.category"), q.room_category.name],
              [t("form.arrival"), formatDate(q.arrival, locale, { dateStyle: "full" })],
              [t("form.departure"), formatDate(q.departure, locale, { dateStyle: "full" })],
              [t("detail.guests"), t("detail.guestCount", { adults: q.adults, children: q.children })],
              [t("quote.validUntil"), formatDate(q.valid_until, locale)],
            ]}
          />
          <NightRates
            nights={q.nights}
            total={q.total}
            currency={q.currency}
            locale={locale}
            caption={t("price.caption")}
            totalLabel={t("price.total")}
            className="mt-4 w-full text-sm"
            totalClassName="text-lg"
          />
          {q.notes ? <p className="mt-3 whitespace-pre-line rounded bg-slate-50 p-2 text-sm">{q.notes}</p> : null}
        </section>
        <section aria-labelledby="convert-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="convert-heading" className="mb-3 text-lg font-semibold">
            {t("quote.convertHeading")}
          </h2>
          {q.status === "converted" && q.reservation_uuid ? (
            <p className="text-sm">
              {t("quote.converted")}{" "}
              <Link to={`/bookings/${q.reservation_uuid}`} className="font-mono text-brand-700 underline">
                {q.reservation_code}
              </Link>
            </p>
          ) : q.status === "expired" ? (
            <p className="text-sm text-slate-700">{t("quote.expired")}</p>
          ) : (
            <>
              <p className={`mb-3 text-sm ${q.free_rooms ? "text-emerald-800" : "font-medium text-rose-900"}`}>{q.free_rooms ? t("price.free", { count: q.free_rooms }) : t("price.soldOut")}</p>
              <AppForm {...getFormProps(form)} action={`/booking-quote/${q.uuid}`} className="space-y-4">
                <FormErrors id={form.errorId} errors={form.errors} />
                <TextField field={fields.guest_name} label={t("form.guestName")} required />
                <TextField field={fields.guest_email} label={t("form.guestEmail")} type="email" />
                <TextField field={fields.guest_phone} label={t("form.guestPhone")} type="tel" />
                <SelectField field={fields.channel} label={t("form.channel")} options={CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))} />
                <SubmitButton pendingLabel={t("create.saving")}>{t("quote.convert", { total: money(q.total) })}</SubmitButton>
              </AppForm>
            </>
          )}
          <Link to="/bookings" className={`${buttonClass("link")} mt-4 inline-block text-sm`}>
            {t("detail.back")}
          </Link>
        </section>
      </div>
    </>
  );
}
