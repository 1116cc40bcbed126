import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { addDays } from "#domain/bookings/stay";
import { isDateInRange, issueToKey } from "#domain/validation";
import { ApiError, bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { PricePreview, ReservationFields } from "#app/components/bookings/reservation-form";
import { reservationFormSchema, toPayload } from "#app/components/bookings/schemas";
import type { PriceQuote } from "#app/components/bookings/types";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/create";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = { permission: "user.reservations" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const options = await api.bookings.options(business.uuid);
  const url = new URL(request.url);
  const askedArrival = url.searchParams.get("arrival");
  const arrival = askedArrival && isDateInRange(askedArrival) ? askedArrival : options.today;
  const askedCategory = url.searchParams.get("category");
  const category = options.categories.find((c) => c.uuid === askedCategory) ?? options.categories[0];
  return {
    options,
    defaults: { arrival, departure: addDays(arrival, 1), room_category_uuid: category?.uuid ?? "", adults: "2", children: "0", channel: "direct", status: "confirmed" },
  };
}

/**
 * Three buttons, one form: "calculate" re-renders the page with the engine's price for every
 * night (nothing saved), "confirm" books it, "quote" saves a priced offer for the guest.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: reservationFormSchema, error: issueToKey });
  if (submission.status !== "success") return data({ result: submission.reply(), quote: null as PriceQuote | null }, { status: 422 });
  const value = submission.value;
  const payload = toPayload(value);
  try {
    if (value.intent === "confirm") {
      const { reservation } = await api.bookings.create(business.uuid, payload);
      return redirectWithToast(`/bookings/${reservation.uuid}`, { kind: "success", message: "bookings:toast.created", values: { code: reservation.code } }, { session });
    }
    if (value.intent === "quote") {
      const { booking_quote } = await api.bookings.createQuote(business.uuid, {
        arrival: value.arrival,
        departure: value.departure,
        room_category_uuid: value.room_category_uuid,
        adults: value.adults,
        children: value.children,
        guest_name: value.guest.name,
        guest_email: value.guest.email,
        guest_phone: value.guest.phone,
        notes: value.notes,
      });
      return redirectWithToast(`/booking-quote/${booking_quote.uuid}`, { kind: "success", message: "bookings:toast.quoteCreated" }, { session });
    }
    const quote = await api.bookings.quotePrice(business.uuid, {
      arrival: value.arrival,
      departure: value.departure,
      room_category_uuid: value.room_category_uuid,
      adults: value.adults,
      children: value.children,
      rate_per_night: payload.rate_per_night,
    });
    return { result: submission.reply(), quote };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ result: replyWithApiError(submission, error, { fields: FIELDS }), quote: null as PriceQuote | null }, { status: error.status });
  }
}

const FIELDS = ["arrival", "departure", "room_category_uuid", "room_uuid", "adults", "children", "guest.name", "guest.email", "guest.phone", "guest.document", "guest.country", "channel", "status", "rate", "notes", "override_stay_rules"];

export default function CreateReservation({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookings");
  const { options, defaults } = loaderData;
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "reservation-create",
    lastResult: actionData?.result,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reservationFormSchema, error: issueToKey }),
    shouldValidate: "onBlur",
  });
  const quote = actionData?.quote ?? null;
  return (
    <>
      <title>{`${t("create.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t("create.heading")}</h1>
        <Link to="/bookings" className={buttonClass("link")}>
          {t("create.back")}
        </Link>
      </div>
      {options.categories.length === 0 ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("create.noCategories")}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <AppForm {...getFormProps(form)} action="/bookings/create" className="space-y-6">
            <FormErrors id={form.errorId} errors={form.errors} />
            <ReservationFields fields={fields as never} options={options} mode="create" />
            <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
              <SubmitButton name="intent" value="calculate" variant={quote ? "secondary" : "primary"} pendingLabel={t("create.calculating")}>
                {quote ? t("create.recalculate") : t("create.calculate")}
              </SubmitButton>
              {quote?.available ? (
                <SubmitButton name="intent" value="confirm" pendingLabel={t("create.saving")}>
                  {t("create.confirm", { total: new Intl.NumberFormat(i18n.language, { style: "currency", currency: quote.currency }).format(quote.total / 100) })}
                </SubmitButton>
              ) : null}
              <SubmitButton name="intent" value="quote" variant="secondary" pendingLabel={t("create.saving")}>
                {t("create.saveQuote")}
              </SubmitButton>
            </div>
          </AppForm>
          <div>{quote ? <PricePreview quote={quote} locale={i18n.language} /> : <p className="text-sm text-slate-700">{t("create.priceHint")}</p>}</div>
        </div>
      )}
    </>
  );
}
