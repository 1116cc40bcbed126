import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SALES_CHANNEL_CONNECTIONS } from "#domain/distribution/constants";
import { decimalToInput } from "#domain/money";
import { CHANNELS } from "#domain/schemas/bookings";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { CheckboxField } from "#app/components/ui/field";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { pageNotFound } from "#app/lib/guard.server";
import { salesChannelCreateForm, salesChannelEditForm } from "#app/components/pms-settings/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/sales-channel-form";
import { sendForm } from "#app/lib/api-reply.server";
import { orNotFound } from "#app/lib/not-found.server";

/** Create a sales channel (/sales-channels/create) or edit one (/sales-channels/{id}/edit); the code is fixed once created. */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const FIELDS = ["code", "name", "commission", "markup", "active", "connection", "external_property_id"];
/** Codes the bookings already know, offered while typing (decolar is in the shared contract). */
const SUGGESTED_CODES = [...new Set([...CHANNELS, "decolar"])];

async function existing(context: Route.LoaderArgs["context"], id: string | undefined) {
  if (id === undefined) return null;
  if (!isUuid(id)) pageNotFound();
  const { api } = getRequestState(context);
  try {
    return await api.distribution.salesChannel(requireSelectedBusiness(context).uuid, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) pageNotFound();
    throw error;
  }
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return { channel: await existing(context, params.channelId) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const { channelId } = params;
  if (channelId !== undefined && !isUuid(channelId)) pageNotFound();
  const formData = await request.formData();
  const businessUuid = requireSelectedBusiness(context).uuid;
  // Only a new channel's form names its code (reservations carry it, so it never changes).
  const refused =
    channelId === undefined
      ? await sendForm(formData, salesChannelCreateForm, (value) => api.distribution.createSalesChannel(businessUuid, value), { fields: FIELDS })
      : await sendForm(formData, salesChannelEditForm, (value) => orNotFound(api.distribution.updateSalesChannel(businessUuid, channelId, value)), { fields: FIELDS });
  if (refused) return refused;
  return redirectWithToast("/pms-settings/sales-channels", { kind: "success", message: channelId ? "pms:channels.updated" : "pms:channels.created" }, { session });
}

export default function SalesChannelForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pms");
  const { channel } = loaderData;
  const schema = channel ? salesChannelEditForm : salesChannelCreateForm;
  const [form, fields] = useForm({
    id: channel ? `channel-${channel.uuid}` : "channel-new",
    lastResult: actionData,
    defaultValue: channel
      ? {
          name: channel.name,
          commission: decimalToInput(channel.commission, i18n.language),
          markup: decimalToInput(channel.markup, i18n.language),
          active: channel.active ? "on" : "",
          connection: channel.connection,
          external_property_id: channel.external_property_id ?? "",
        }
      : { commission: "0", markup: "0", active: "on", connection: "none" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const title = channel ? t("channels.editTitle", { name: channel.name }) : t("pages.salesChannelsCreate.title");
  return (
    <div className="mx-auto max-w-3xl">
      <PmsSettingsNav />
      <PmsPageHeader title={title} intro={t("channels.formIntro")} />
      <AppForm {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <FormErrors id={form.errorId} errors={form.errors} />
        {channel ? (
          <p className="text-sm">
            <span className="font-medium text-slate-800">{t("channels.code")}: </span>
            <span className="font-mono">{channel.code}</span>
          </p>
        ) : (
          <>
            <TextField field={(fields as typeof fields & { code: typeof fields.name }).code} label={t("channels.code")} hint={t("channels.codeHint")} list="channel-codes" autoComplete="off" />
            <datalist id="channel-codes">
              {SUGGESTED_CODES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </>
        )}
        <TextField field={fields.name} label={t("channels.name")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.commission} inputMode="decimal" label={t("channels.commissionLabel")} hint={t("channels.commissionHint")} />
          <TextField field={fields.markup} inputMode="decimal" label={t("channels.markupLabel")} hint={t("channels.markupHint")} />
        </div>
        <SelectField
          field={fields.connection}
          label={t("channels.connection")}
          options={SALES_CHANNEL_CONNECTIONS.map((c) => ({ value: c, label: t(`connection.${c}`) }))}
        />
        <TextField field={fields.external_property_id} label={t("channels.externalId")} hint={t("channels.externalIdHint")} />
        <CheckboxField field={fields.active} label={t("channels.activeLabel")} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={t("saving")}>{channel ? t("save") : t("channels.create")}</SubmitButton>
          <Link to="/pms-settings/sales-channels" className={buttonClass("link", "text-sm")}>
            {t("cancel")}
          </Link>
        </div>
      </AppForm>
    </div>
  );
}
