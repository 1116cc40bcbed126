import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { CouponDiscount, CouponState } from "#app/components/billing/coupon-parts";
import { integerOrNull, requireAdministrator, textOrNull } from "#app/routes/manage/coupons.server";
import { couponsHandle } from "#app/components/billing/route-flags";
import { AdminHeader } from "#app/components/admin/page";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { guard, notFoundUnless, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/coupons.edit";
import { apiRefusal } from "#app/lib/api-reply.server";

export const handle: RouteHandle = couponsHandle;

export const middleware: Route.MiddlewareFunction[] = [requireAdministrator, guard(handle)];

const LIST = "/manage/coupons";

export async function loader({ params, context }: Route.LoaderArgs) {
  notFoundUnless(/^[A-Za-z0-9_-]{1,40}$/.test(params.code));
  const { api } = getRequestState(context);
  try {
    return { coupon: await api.admin.coupons.get(params.code) };
  } catch (error) {
    const refusal = apiRefusal(error);
    notFoundUnless(refusal.status !== 404);
    throw refusal;
  }
}

/** Only what affects the next redemptions changes: name, expiry, limit, active. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { api, session } = getRequestState(context);
  try {
    const answer = await api.admin.coupons.update(params.code, {
      name: String(form.get("name") ?? ""),
      expires_at: textOrNull(form.get("expires_at")),
      max_redemptions: integerOrNull(form.get("max_redemptions")),
      active: form.get("active") === "on",
    });
    return redirectWithToast(LIST, { kind: "success", message: answer.message }, { session });
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ message: refusal.message, errors: refusal.errors }, { status: refusal.status });
  }
}

export default function EditCoupon({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const result = useActionData<typeof action>();
  const { coupon } = loaderData;
  const errors = result?.errors ?? {};
  const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base aria-[invalid=true]:border-red-600";
  const error = (name: string) =>
    errors[name] ? (
      <p id={`coupon-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name].join(" ")}
      </p>
    ) : null;
  return (
    <>
      <title>{`${t("coupons.editTitle", { code: coupon.id })} · Tarifa`}</title>
      <AdminHeader title={t("coupons.editTitle", { code: coupon.id })} back={{ to: LIST, label: t("coupons.back") }} />
      <div className="max-w-xl rounded-lg border border-slate-200 bg-white p-4">
        <p className="mb-4 text-sm text-slate-700">
          <CouponDiscount coupon={coupon} /> · <CouponState coupon={coupon} /> · {t("coupons.used", { count: coupon.times_redeemed })}
        </p>
        {result && !Object.keys(errors).length ? (
          <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {result.message}
          </p>
        ) : null}
        <AppForm method="post" className="space-y-4">
          <div>
            <label htmlFor="coupon-name" className="block text-sm font-medium">{t("coupons.name")}</label>
            <input id="coupon-name" name="name" defaultValue={coupon.name} required className={input} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? "coupon-name-error" : undefined} />
            {error("name")}
          </div>
          <div>
            <label htmlFor="coupon-expires_at" className="block text-sm font-medium">{t("coupons.expiresAt")}</label>
            <input id="coupon-expires_at" name="expires_at" type="date" defaultValue={coupon.expires_at?.slice(0, 10) ?? ""} className={input} aria-invalid={errors.expires_at ? true : undefined} aria-describedby={errors.expires_at ? "coupon-expires_at-error" : undefined} />
            {error("expires_at")}
          </div>
          <div>
            <label htmlFor="coupon-max_redemptions" className="block text-sm font-medium">{t("coupons.maxRedemptions")}</label>
            <input id="coupon-max_redemptions" name="max_redemptions" inputMode="numeric" defaultValue={coupon.max_redemptions ?? ""} className={input} aria-invalid={errors.max_redemptions ? true : undefined} aria-describedby={errors.max_redemptions ? "coupon-max_redemptions-error" : undefined} />
            {error("max_redemptions")}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="active" defaultChecked={coupon.active} />
            {t("coupons.active")}
          </label>
          <SubmitButton pendingLabel={t("pending")}>{t("coupons.save")}</SubmitButton>
        </AppForm>
      </div>
    </>
  );
}
