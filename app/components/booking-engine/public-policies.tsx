import { useTranslation } from "react-i18next";
import { policyLines } from "#domain/distribution/policy-lines";
import { formatPercent } from "#domain/money";
import type { OffersJson } from "#contract/booking-engine";
import type { HotelPoliciesJson } from "#app/components/pms-settings/types";

/**
 * The hotel policies on the public booking page, in the guest's language (the same lines as the
 * e-mails), followed by the booking page's own policies text (`note`) when it has one.
 */
export function HotelPolicies({ policies, note }: { policies: HotelPoliciesJson; note?: string }) {
  const { t, i18n } = useTranslation("pms");
  const lines = policyLines(policies, (key, values) => t(key, values ?? {}), (v) => formatPercent(v, i18n.language));
  return (
    <section className="mt-8" aria-labelledby="hotel-policies-heading">
      <h2 id="hotel-policies-heading" className="mb-1 text-base font-semibold">
        {t("policies.heading")}
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        {lines.map((line) => (
          <li key={line} className="whitespace-pre-line">
            {line}
          </li>
        ))}
      </ul>
      {note ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{note}</p> : null}
    </section>
  );
}

/** An offer's rate plan: its name, then what it includes (meals, cancellation). */
export function OfferPlan({ plan }: { plan: NonNullable<OffersJson["offers"][number]["rate_plan"]> }) {
  const { t } = useTranslation("pms");
  const cancellation = plan.cancellation_source === "custom" && plan.cancellation_text ? plan.cancellation_text : t(`cancellation.${plan.cancellation_source}`);
  return (
    <p className="mb-2 text-sm text-slate-700">
      <span className="block font-semibold text-slate-900">{plan.name}</span>
      {t(`mealPlan.${plan.meal_plan}`)} · {cancellation}
    </p>
  );
}
