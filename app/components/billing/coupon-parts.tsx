import { useTranslation } from "react-i18next";
import { formatMoney, formatPercent } from "#domain/money";
import type { AdminCoupon } from "./types";

/** "20 % · first payment", "R$ 50 · 3 months", "10 % · forever". */
export function CouponDiscount({ coupon }: { coupon: AdminCoupon }) {
  const { t, i18n } = useTranslation("billing");
  const amount = coupon.percent_off !== null ? formatPercent(coupon.percent_off, i18n.language) : formatMoney(coupon.amount_off ?? 0, i18n.language, coupon.currency, { whole: true });
  const duration =
    coupon.duration === "repeating" ? t("coupons.forMonths", { count: coupon.duration_in_months ?? 1 }) : t(`coupons.durations.${coupon.duration}`);
  return (
    <>
      {amount} · {duration}
    </>
  );
}

export function CouponState({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useTranslation("billing");
  const key = coupon.problem ?? "valid";
  const tone = key === "valid" ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800";
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`coupons.states.${key}`)}</span>;
}
