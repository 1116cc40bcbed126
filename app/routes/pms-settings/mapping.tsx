import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { channelMappingsSchema } from "#domain/schemas/distribution";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { MappingTable, type RowFields } from "#app/components/pms-settings/mapping-table";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { pageNotFound } from "#app/lib/guard.server";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/mapping";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/**
 * One sales channel's mapping: each room category ↔ the channel's room type id, each rate plan ↔
 * the channel's rate id, or "not sold there". Every active plan must be mapped or excluded. On a
 * channel connected through Channex a rate plan belongs to one room type, so plans are mapped
 * per (category, plan) pair instead (ADR 0015).
 */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];


const FIELDS = [
  "room_categories",
  "room_categories[].room_category_uuid",
  "room_categories[].external_id",
  "room_categories[].excluded",
  "rate_plans",
  "rate_plans[].rate_plan_uuid",
  "rate_plans[].external_id",
  "rate_plans[].excluded",
  "rate_plan_pairs",
  "rate_plan_pairs[].room_category_uuid",
  "rate_plan_pairs[].rate_plan_uuid",
  "rate_plan_pairs[].external_id",
  "rate_plan_pairs[].excluded",
];

/** The mapped channel's id: a page that names no channel is not found. */
function channelId(channelUuid: string) {
  if (!isUuid(channelUuid)) pageNotFound();
  return channelUuid;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  try {
    return await api.distribution.channelMapping(requireSelectedBusiness(context).uuid, channelId(params.channelUuid));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) pageNotFound();
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const channel = channelId(params.channelUuid);
  const submission = parseWithZod(await request.formData(), { schema: channelMappingsSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    await api.distribution.saveChannelMapping(requireSelectedBusiness(context).uuid, channel, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    if (refusal.status === 404) pageNotFound();
    return data(replyWithApiError(submission, refusal, { fields: FIELDS }), { status: refusal.status });
  }
  return redirectWithToast(`/pms-settings/mapping/${params.channelUuid}`, { kind: "success", message: "pms:mapping.saved" }, { session });
}

export default function Mapping({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pms");
  const { sales_channel: channel, room_categories, rate_plans, rate_plan_pairs } = loaderData;
  const channex = channel.connection === "channex";
  const categoryName = new Map(room_categories.map((c) => [c.room_category_uuid, c.name]));
  const plan = new Map(rate_plans.map((p) => [p.rate_plan_uuid, p]));
  const [form, fields] = useForm({
    id: `mapping-${channel.uuid}`,
    lastResult: actionData,
    defaultValue: {
      room_categories: room_categories.map((c) => ({ room_category_uuid: c.room_category_uuid, external_id: c.external_id ?? "", excluded: c.excluded ? "on" : "" })),
      rate_plans: channex ? [] : rate_plans.map((p) => ({ rate_plan_uuid: p.rate_plan_uuid, external_id: p.external_id ?? "", excluded: p.excluded ? "on" : "" })),
      rate_plan_pairs: rate_plan_pairs.map((r) => ({ room_category_uuid: r.room_category_uuid, rate_plan_uuid: r.rate_plan_uuid, external_id: r.external_id ?? "", excluded: r.excluded ? "on" : "" })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: channelMappingsSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const categoryRows = fields.room_categories.getFieldList();
  const planRows = fields.rate_plans.getFieldList();
  const pairRows = fields.rate_plan_pairs.getFieldList();
  return (
    <div className="mx-auto max-w-4xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("mapping.title", { name: channel.name })} intro={t("mapping.intro")} />
      <AppForm {...getFormProps(form)} className="space-y-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <MappingTable
          caption={t("mapping.categories")}
          idHeader={t("mapping.roomTypeId")}
          rows={room_categories.map((c, i) => ({ key: c.room_category_uuid, label: c.name, hint: null, row: categoryRows[i] as RowFields | undefined, ids: { room_category_uuid: c.room_category_uuid } }))}
          errors={fields.room_categories.errors}
          errorId={fields.room_categories.errorId}
        />
        {channex ? (
          <MappingTable
            caption={t("mapping.pairs")}
            intro={t("mapping.pairsIntro")}
            idHeader={t("mapping.channexRatePlanId")}
            rows={rate_plan_pairs.map((r, i) => {
              const p = plan.get(r.rate_plan_uuid);
              return {
                key: `${r.room_category_uuid}|${r.rate_plan_uuid}`,
                label: t("mapping.pairLabel", { plan: p?.name ?? "", category: categoryName.get(r.room_category_uuid) ?? "" }),
                hint: p?.active === false ? t("plans.inactive") : null,
                row: pairRows[i] as RowFields | undefined,
                ids: { room_category_uuid: r.room_category_uuid, rate_plan_uuid: r.rate_plan_uuid },
              };
            })}
            errors={fields.rate_plan_pairs.errors}
            errorId={fields.rate_plan_pairs.errorId}
          />
        ) : (
          <MappingTable
            caption={t("mapping.plans")}
            idHeader={t("mapping.rateId")}
            rows={rate_plans.map((p, i) => ({ key: p.rate_plan_uuid, label: p.name, hint: p.active ? null : t("plans.inactive"), row: planRows[i] as RowFields | undefined, ids: { rate_plan_uuid: p.rate_plan_uuid } }))}
            errors={fields.rate_plans.errors}
            errorId={fields.rate_plans.errorId}
          />
        )}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={t("saving")}>{t("mapping.save")}</SubmitButton>
          <Link to="/pms-settings/sales-channels" className={buttonClass("link", "text-sm")}>
            {t("booking.allChannels")}
          </Link>
        </div>
      </AppForm>
    </div>
  );
}
