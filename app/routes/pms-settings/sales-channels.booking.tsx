import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { SALES_CHANNEL_CONNECTIONS } from "#domain/distribution/constants";
import { decimalToInput } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { CheckboxField } from "#app/components/ui/field";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { bookingConnectionForm } from "#app/components/pms-settings/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/sales-channels.booking";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/**
 * The Booking.com connection: how it connects (none, through Channex, iCal), the hotel's id on
 * Booking.com, its commission, and where the connection stands (mapping complete or not). The
 * Booking.com sales channel is created on first save when the business has none.
 */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/sales-channels/booking";
const CODE = "booking_com";
const DEFAULT_COMMISSION = 15;


export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const businessUuid = requireSelectedBusiness(context).uuid;
  const channels = await api.distribution.salesChannels(businessUuid);
  const channel = channels.find((c) => c.code === CODE) ?? null;
  const mapping = channel ? await api.distribution.channelMapping(businessUuid, channel.uuid) : null;
  return {
    channel,
    mapped: mapping
      ? {
          categories: mapping.room_categories.filter((c) => c.external_id || c.excluded).length,
          categoryTotal: mapping.room_categories.length,
          plans: mapping.rate_plans.filter((p) => p.active && (p.external_id || p.excluded)).length,
          planTotal: mapping.rate_plans.filter((p) => p.active).length,
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: bookingConnectionForm, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const businessUuid = requireSelectedBusiness(context).uuid;
  try {
    const channels = await api.distribution.salesChannels(businessUuid);
    const channel = channels.find((c) => c.code === CODE);
    if (channel) await api.distribution.updateSalesChannel(businessUuid, channel.uuid, submission.value);
    else await api.distribution.createSalesChannel(businessUuid, { code: CODE, name: "Booking.com", ...submission.value });
  } catch (error) {
    const refusal = apiRefusal(error);
    return data(replyWithApiError(submission, refusal, { fields: ["commission", "connection", "external_property_id", "active"] }), { status: refusal.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "pms:booking.saved" }, { session });
}

export default function BookingConnection({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pms");
  const { channel, mapped } = loaderData;
  const [form, fields] = useForm({
    id: "booking-connection",
    lastResult: actionData,
    defaultValue: {
      commission: decimalToInput(channel?.commission ?? DEFAULT_COMMISSION, i18n.language),
      connection: channel?.connection ?? "none",
      external_property_id: channel?.external_property_id ?? "",
      active: channel === null || channel.active ? "on" : "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bookingConnectionForm, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const connection = channel?.connection ?? "none";
  const complete = mapped && mapped.categories > 0 && mapped.plans === mapped.planTotal;
  return (
    <div className="mx-auto max-w-3xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("pages.salesChannelsBooking.title")} intro={t("booking.intro")} />
      <section aria-labelledby="booking-status" className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="booking-status" className="mb-2 text-lg font-semibold">
          {t("booking.statusHeading")}
        </h2>
        <p className="font-medium">{t(`booking.status.${channel ? connection : "missing"}`)}</p>
        {channel && connection === "channex" && mapped ? (
          <p className="mt-1 text-sm text-slate-700">
            {complete ? t("booking.mappingComplete") : t("booking.mappingIncomplete", { categories: mapped.categories, categoryTotal: mapped.categoryTotal, plans: mapped.plans, planTotal: mapped.planTotal })}{" "}
            <Link to={`/pms-settings/mapping/${channel.uuid}`} className="text-brand-700 underline">
              {t("booking.openMapping")}
            </Link>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="booking-how" className="mb-4 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-sm">
        <h2 id="booking-how" className="mb-2 text-lg font-semibold">
          {t("booking.howHeading")}
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("booking.how.channex")}</li>
          <li>{t("booking.how.credentials")}</li>
          <li>{t("booking.how.ical")}</li>
          <li>{t("booking.how.none")}</li>
        </ul>
      </section>
      <AppForm {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField field={fields.connection} label={t("channels.connection")} options={SALES_CHANNEL_CONNECTIONS.map((c) => ({ value: c, label: t(`connection.${c}`) }))} />
        <TextField field={fields.external_property_id} label={t("booking.hotelId")} hint={t("booking.hotelIdHint")} inputMode="numeric" />
        <TextField field={fields.commission} inputMode="decimal" label={t("channels.commissionLabel")} />
        <CheckboxField field={fields.active} label={t("channels.activeLabel")} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={t("saving")}>{t("save")}</SubmitButton>
          <Link to="/pms-settings/sales-channels" className={buttonClass("link", "text-sm")}>
            {t("booking.allChannels")}
          </Link>
        </div>
      </AppForm>
    </div>
  );
}
