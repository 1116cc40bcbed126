import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData } from "react-router";
import { centsToInput, formatMoney } from "#domain/money";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { ApiError, bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { ReservationFields } from "#app/components/bookings/reservation-form";
import { reservationFormSchema, toPayload } from "#app/components/bookings/schemas";
import { orNotFound } from "#app/lib/not-found.server";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { notFoundUnless } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/edit";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = { permission: "user.reservations" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

export async function loader({ context, params }: Route.LoaderArgs) {
  notFoundUnless(isUuid(params.id));
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const reservation = await orNotFound(api.bookings.reservation(business.uuid, params.id));
  if (reservation.editable === "none") throw redirect(`/bookings/${reservation.uuid}`);
  // The reservation's own channel stays offered even when it is no longer an active sales channel.
  const options = await api.bookings.options(business.uuid, reservation.channel);
  return { reservation, options };
}

/** Saves the changes; the API re-checks the inventory for new nights (409 with the night that is full). */
export async function action({ request, context, params }: Route.ActionArgs) {
  notFoundUnless(isUuid(params.id));
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: reservationFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    await api.bookings.update(business.uuid, params.id, toPayload(submission.value));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS }), { status: error.status });
  }
  return redirectWithToast(`/bookings/${params.id}`, { kind: "success", message: "bookings:toast.updated" }, { session });
}

const FIELDS = ["arrival", "departure", "room_category_uuid", "room_uuid", "adults", "children", "guest.name", "guest.email", "guest.phone", "guest.document", "guest.country", "channel", "rate", "notes"];

export default function EditReservation({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookings");
  const { reservation: r, options } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `reservation-edit-${r.uuid}`,
    lastResult,
    defaultValue: {
      arrival: r.arrival,
      departure: r.departure,
      room_category_uuid: r.room_category_uuid,
      room_uuid: r.room_uuid ?? "",
      adults: String(r.adults),
      children: String(r.children),
      guest: { name: r.guest.name, email: r.guest.email ?? "", phone: r.guest.phone ?? "", document: r.guest.document ?? "", country: r.guest.country ?? "" },
      channel: r.channel,
      status: r.status === "pending" ? "pending" : "confirmed",
      rate: r.rate_overridden ? centsToInput(r.rate_per_night, i18n.language) : "",
      notes: r.notes ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reservationFormSchema, error: issueToKey }),
    shouldValidate: "onBlur",
  });
  return (
    <>
      <title>{`${t("edit.title", { code: r.code })} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t("edit.heading", { code: r.code })}</h1>
        <Link to={`/bookings/${r.uuid}`} className={buttonClass("link")}>
          {t("edit.back")}
        </Link>
      </div>
      <p className="mb-4 text-sm text-slate-700">{t("edit.intro", { total: formatMoney(r.total, i18n.language, r.currency, { whole: true }) })}</p>
      <AppForm {...getFormProps(form)} action={`/bookings/${r.uuid}/edit`} className="max-w-3xl space-y-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="status" value={r.status === "pending" ? "pending" : "confirmed"} />
        <ReservationFields fields={fields as never} options={options} mode="edit" stayLocked={r.editable === "departure"} />
        <div className="flex gap-3 border-t border-slate-200 pt-4">
          <SubmitButton name="intent" value="save" pendingLabel={t("create.saving")}>
            {t("edit.save")}
          </SubmitButton>
          <Link to={`/bookings/${r.uuid}`} className={buttonClass("secondary")}>
            {t("edit.cancel")}
          </Link>
        </div>
      </AppForm>
    </>
  );
}
