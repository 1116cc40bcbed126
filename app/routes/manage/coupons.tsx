import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { integerOrNull, reaisToCents, requireAdministrator, textOrNull } from "#app/routes/manage/coupons.server";
import { couponsHandle } from "#app/components/billing/route-flags";
import { CouponDiscount, CouponState } from "#app/components/billing/coupon-parts";
import { formatDay } from "#app/components/billing/format";
import type { AdminCoupon } from "#app/components/billing/types";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/coupons";
import { apiRefusal } from "#app/lib/api-reply.server";

export const handle: RouteHandle = couponsHandle;

export const middleware: Route.MiddlewareFunction[] = [requireAdministrator, guard(handle)];

const PAGE = "/manage/coupons";

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  return { coupons: await api.admin.coupons.list() };
}

/** Creates a coupon (percentage or fixed amount in reais) or deactivates one. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { api, session } = getRequestState(context);
  const intent = form.get("intent");
  try {
    if (intent === "deactivate") {
      const code = String(form.get("id") ?? "");
      const answer = await api.admin.coupons.deactivate(code);
      return redirectWithToast(PAGE, { kind: "success", message: answer.message }, { session });
    }
    const kind = form.get("kind") === "amount" ? "amount" : "percent";
    const body = {
      id: String(form.get("id") ?? ""),
      name: String(form.get("name") ?? ""),
      percent_off: kind === "percent" ? integerOrNull(form.get("percent_off")) : null,
      amount_off: kind === "amount" ? reaisToCents(form.get("amount_off")) : null,
      duration: String(form.get("duration") ?? "once"),
      duration_in_months: form.get("duration") === "repeating" ? integerOrNull(form.get("duration_in_months")) : null,
      expires_at: textOrNull(form.get("expires_at")),
      max_redemptions: integerOrNull(form.get("max_redemptions")),
    };
    const answer = await api.admin.coupons.create(body);
    return redirectWithToast(PAGE, { kind: "success", message: answer.message }, { session });
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ intent: String(intent ?? "create"), message: refusal.message, errors: refusal.errors, values: Object.fromEntries([...form].filter(([k]) => k !== "csrf").map(([k, v]) => [k, String(v)])) }, { status: refusal.status });
  }
}

export default function ManageCoupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const result = useActionData<typeof action>();
  const created = result?.intent === "create" ? result : null;
  return (
    <>
      <title>{`${t("coupons.title")} · Tarifa`}</title>
      <h1 className="mb-6 text-xl font-semibold">{t("coupons.heading")}</h1>
      {result && result.intent !== "create" ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {result.message}
        </p>
      ) : null}
      <CouponList coupons={loaderData.coupons} />
      <NewCouponForm values={created?.values ?? {}} errors={created?.errors ?? {}} refusal={created && !Object.keys(created.errors).length ? created.message : null} />
    </>
  );
}

/** Every coupon with its discount, expiry, redemptions and state; edit, or deactivate an active one. */
function CouponList({ coupons }: { coupons: AdminCoupon[] }) {
  const { t, i18n } = useTranslation("billing");
  return (
    <section aria-labelledby="coupon-list" className="mb-8">
      <h2 id="coupon-list" className="mb-3 font-semibold">
        {t("coupons.list")}
      </h2>
      {coupons.length === 0 ? (
        <p className="text-sm text-slate-700">{t("coupons.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            caption={t("coupons.list")}
            rows={coupons}
            rowKey={(coupon) => coupon.id}
            columns={[
              {
                header: t("coupons.code"),
                cell: (coupon) => (
                  <>
                    <span className="font-mono font-semibold">{coupon.id}</span>
                    <span className="block text-xs text-slate-600">{coupon.name}</span>
                  </>
                ),
              },
              { header: t("coupons.discount"), cell: (coupon) => <CouponDiscount coupon={coupon} /> },
              { header: t("coupons.expires"), cell: (coupon) => (coupon.expires_at ? formatDay(coupon.expires_at, i18n.language, "UTC") : t("coupons.never")) },
              {
                header: t("coupons.redemptions"),
                cell: (coupon) => (coupon.max_redemptions === null ? coupon.times_redeemed : `${coupon.times_redeemed} / ${coupon.max_redemptions}`),
              },
              { header: t("coupons.state"), cell: (coupon) => <CouponState coupon={coupon} /> },
              { header: t("coupons.actions"), hiddenHeader: true, cell: (coupon) => <CouponActions coupon={coupon} /> },
            ]}
          />
        </div>
      )}
    </section>
  );
}

function CouponActions({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useTranslation("billing");
  return (
    <span className="flex flex-wrap gap-2">
      <Link to={`${PAGE}/${encodeURIComponent(coupon.id)}`} className="text-brand-700 underline" aria-label={t("coupons.editLabel", { code: coupon.id })}>
        {t("coupons.edit")}
      </Link>
      {coupon.active ? (
        <AppForm action={PAGE}>
          <input type="hidden" name="id" value={coupon.id} />
          <SubmitButton name="intent" value="deactivate" variant="link" aria-label={t("coupons.deactivateLabel", { code: coupon.id })}>
            {t("coupons.deactivate")}
          </SubmitButton>
        </AppForm>
      ) : null}
    </span>
  );
}

/** The new coupon's form; after a refusal it shows what was typed, each field's error beside it, or the message on top. */
function NewCouponForm({ values, errors, refusal }: { values: Record<string, string>; errors: Record<string, string[]>; refusal: string | null }) {
  const { t } = useTranslation("billing");
  const field = (name: string) => ({
    id: `coupon-${name}`,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `coupon-${name}-error` : undefined,
    className: "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base aria-[invalid=true]:border-red-600",
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`coupon-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name].join(" ")}
      </p>
    ) : null;
  return (
    <section aria-labelledby="coupon-new" className="max-w-xl rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="coupon-new" className="mb-3 font-semibold">
        {t("coupons.create")}
      </h2>
      {refusal ? (
        <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <AppForm action={PAGE} className="space-y-4">
        <div>
          <label htmlFor="coupon-id" className="block text-sm font-medium">{t("coupons.code")}</label>
          <input {...field("id")} required autoComplete="off" />
          {error("id")}
        </div>
        <div>
          <label htmlFor="coupon-name" className="block text-sm font-medium">{t("coupons.name")}</label>
          <input {...field("name")} required />
          {error("name")}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">{t("coupons.kind")}</legend>
          <div className="mt-1 grid gap-3 sm:grid-cols-2">
            <div>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value="percent" defaultChecked={values.kind !== "amount"} />
                {t("coupons.percent")}
              </label>
              <label htmlFor="coupon-percent_off" className="sr-only">{t("coupons.percentOff")}</label>
              <input {...field("percent_off")} inputMode="numeric" placeholder="20" />
              {error("percent_off")}
            </div>
            <div>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value="amount" defaultChecked={values.kind === "amount"} />
                {t("coupons.amount")}
              </label>
              <label htmlFor="coupon-amount_off" className="sr-only">{t("coupons.amountOff")}</label>
              <input {...field("amount_off")} inputMode="decimal" placeholder="50,00" />
              {error("amount_off")}
            </div>
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="coupon-duration" className="block text-sm font-medium">{t("coupons.duration")}</label>
            <select id="coupon-duration" name="duration" defaultValue={values.duration ?? "once"} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
              <option value="once">{t("coupons.durations.once")}</option>
              <option value="repeating">{t("coupons.durations.repeating")}</option>
              <option value="forever">{t("coupons.durations.forever")}</option>
            </select>
          </div>
          <div>
            <label htmlFor="coupon-duration_in_months" className="block text-sm font-medium">{t("coupons.months")}</label>
            <input {...field("duration_in_months")} inputMode="numeric" />
            {error("duration_in_months")}
          </div>
          <div>
            <label htmlFor="coupon-expires_at" className="block text-sm font-medium">{t("coupons.expiresAt")}</label>
            <input {...field("expires_at")} type="date" />
            {error("expires_at")}
          </div>
          <div>
            <label htmlFor="coupon-max_redemptions" className="block text-sm font-medium">{t("coupons.maxRedemptions")}</label>
            <input {...field("max_redemptions")} inputMode="numeric" />
            {error("max_redemptions")}
          </div>
        </div>
        <SubmitButton name="intent" value="create" pendingLabel={t("pending")}>
          {t("coupons.createSubmit")}
        </SubmitButton>
      </AppForm>
    </section>
  );
}
