import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { categoriesOf } from "#app/components/business/types";
import { channexFormSchema } from "#app/components/channels/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { formatDateTime } from "#app/lib/format-date";
import { guard, type RouteHandle, pageNotFound } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";
import type { Route } from "./+types/businesses.channex";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/** A business's Channex connection, for administrators: connect, see the last sync and errors, force a full re-sync. */
export const handle = { permission: "admin.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];


export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) pageNotFound();
  const { api } = getRequestState(context);
  try {
    const [business, connection] = await Promise.all([
      api.business.get(params.id),
      api.admin.businesses.channex(params.id),
    ]);
    return {
      business: { uuid: business.uuid, name: business.company_name },
      categories: categoriesOf(business).map((c) => ({ uuid: c.uuid!, name: c.name })),
      connection,
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) pageNotFound();
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isUuid(params.id)) pageNotFound();
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const page = `/manage/businesses/${params.id}/channex`;
  const intent = formData.get("intent");
  if (intent === "resync" || intent === "disconnect") {
    try {
      if (intent === "resync") await api.admin.businesses.resyncChannex(params.id);
      else await api.admin.businesses.disconnectChannex(params.id);
    } catch (error) {
      const refusal = apiRefusal(error);
      return redirectWithToast(page, { kind: "error", message: refusal.message }, { session });
    }
    return redirectWithToast(page, { kind: "success", message: intent === "resync" ? "channels:admin.resyncQueued" : "channels:admin.disconnected" }, { session });
  }
  const submission = parseWithZod(formData, { schema: channexFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const value = submission.value;
  try {
    await api.admin.businesses.connectChannex(params.id, {
      property_id: value.property_id,
      api_key: value.api_key || null,
      mapping: value.mapping.filter((m): m is Required<typeof m> => !!(m.room_type_id && m.rate_plan_id)),
    });
  } catch (error) {
    const refusal = apiRefusal(error);
    const fields = ["property_id", "api_key", "mapping", "mapping[].room_category_uuid", "mapping[].room_type_id", "mapping[].rate_plan_id"];
    return data(replyWithApiError(submission, refusal, { fields }), { status: refusal.status });
  }
  return redirectWithToast(page, { kind: "success", message: "channels:admin.connected" }, { session });
}

export default function BusinessChannex({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("channels");
  const timeZone = useBusinessTimeZone();
  const { business, categories, connection } = loaderData;
  const mapped = new Map(connection.connected ? connection.mapping.map((m) => [m.room_category_uuid, m]) : []);
  const [form, fields] = useForm({
    id: "channex-connection",
    lastResult: actionData,
    defaultValue: {
      property_id: connection.connected ? connection.property_id : "",
      api_key: "",
      mapping: categories.map((c) => ({ room_category_uuid: c.uuid, room_type_id: mapped.get(c.uuid)?.room_type_id ?? "", rate_plan_id: mapped.get(c.uuid)?.rate_plan_id ?? "" })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: channexFormSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const rows = fields.mapping.getFieldList();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : t("admin.never"));
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>{`${t("admin.title")} · ${business.name} · Tarifa`}</title>
      <div>
        <Link to={`/manage/businesses/${business.uuid}`} className={buttonClass("link", "text-sm")}>
          {t("admin.back", { name: business.name })}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">{t("admin.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("admin.intro")}</p>
      </div>

      <section aria-labelledby="channex-status" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="channex-status" className="mb-2 text-lg font-semibold">
          {t("admin.statusHeading")}
        </h2>
        {connection.connected ? (
          <>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="channex-status">
              <div>
                <dt className="text-slate-600">{t("admin.state")}</dt>
                <dd className="font-medium">{connection.last_error ? t("admin.stateFailing") : t("admin.stateConnected")}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("admin.lastSync")}</dt>
                <dd className="font-medium" data-testid="channex-last-sync">
                  {when(connection.last_sync_at)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("admin.lastFeed")}</dt>
                <dd className="font-medium">{when(connection.last_feed_at)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("admin.queued")}</dt>
                <dd className="font-medium">{t("admin.queuedCount", { count: connection.queued_changes })}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("admin.failedNights")}</dt>
                <dd className="font-medium">{connection.failed_nights}</dd>
              </div>
              {connection.last_error ? (
                <div className="sm:col-span-2">
                  <dt className="text-slate-600">{t("admin.lastError")}</dt>
                  <dd className="break-words font-medium text-red-700">
                    {connection.last_error} ({when(connection.last_error_at)})
                  </dd>
                </div>
              ) : null}
            </dl>
            <AppForm className="mt-4 flex flex-wrap gap-2">
              <SubmitButton name="intent" value="resync" variant="secondary" pendingLabel={t("admin.working")}>
                {t("admin.resync")}
              </SubmitButton>
              <SubmitButton name="intent" value="disconnect" variant="secondary" pendingLabel={t("admin.working")}>
                {t("admin.disconnect")}
              </SubmitButton>
            </AppForm>
          </>
        ) : (
          <p className="text-sm text-slate-700" role="status">
            {t("admin.notConnected")}
          </p>
        )}
      </section>

      <section aria-labelledby="channex-connect">
        <h2 id="channex-connect" className="mb-3 text-lg font-semibold">
          {connection.connected ? t("admin.editHeading") : t("admin.connectHeading")}
        </h2>
        <AppForm {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.property_id} label={t("admin.propertyId")} required />
            <TextField
              field={fields.api_key}
              label={t("admin.apiKey")}
              type="password"
              autoComplete="off"
              hint={connection.connected ? t("admin.apiKeyKeep") : t("admin.apiKeyHint")}
            />
          </div>
          <fieldset>
            <legend className="font-medium">{t("admin.mappingHeading")}</legend>
            <p className="mb-2 text-sm text-slate-600">{t("admin.mappingIntro")}</p>
            <FormErrors id={fields.mapping.errorId} errors={fields.mapping.errors} />
            <div className="space-y-3">
              {rows.map((row, i) => {
                const m = row.getFieldset();
                return (
                  <div key={row.key} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_1fr_1fr]">
                    <input type="hidden" name={m.room_category_uuid.name} value={categories[i]?.uuid ?? ""} />
                    <p className="font-medium sm:pt-7">{categories[i]?.name}</p>
                    <TextField field={m.room_type_id} label={t("admin.roomTypeId")} />
                    <TextField field={m.rate_plan_id} label={t("admin.ratePlanId")} />
                  </div>
                );
              })}
            </div>
          </fieldset>
          <SubmitButton name="intent" value="connect" pendingLabel={t("admin.working")}>
            {connection.connected ? t("admin.save") : t("admin.connect")}
          </SubmitButton>
        </AppForm>
      </section>
    </div>
  );
}
