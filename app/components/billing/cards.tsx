import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "./types";

const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", elo: "Elo" };

/** "Visa •••• 4242 · 12/2030 (default)". */
export function CardLabel({ card }: { card: PaymentMethod }) {
  const { t } = useTranslation("billing");
  return (
    <span>
      <span className="font-medium">{BRANDS[card.brand] ?? card.brand}</span> <span aria-hidden="true">••••</span>
      <span className="sr-only">{t("cards.endingIn")}</span> {card.last4}
      <span className="text-slate-600">
        {" · "}
        {t("cards.expires", { month: String(card.exp_month).padStart(2, "0"), year: card.exp_year })}
      </span>
      {card.is_default ? <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{t("cards.default")}</span> : null}
    </span>
  );
}

/** The built-in provider takes Stripe's test-card names; say which do what. */
export function TestCardHint() {
  const { t } = useTranslation("billing");
  return (
    <details className="mt-2 text-sm text-slate-700">
      <summary className="cursor-pointer text-brand-700 underline">{t("cards.testCards")}</summary>
      <ul className="mt-1 list-disc pl-5">
        <li>
          <code>pm_card_visa</code>, <code>pm_card_mastercard</code> — {t("cards.testOk")}
        </li>
        <li>
          <code>pm_card_chargeDeclined</code> — {t("cards.testDeclined")}
        </li>
        <li>
          <code>pm_card_chargeCustomerFail</code> — {t("cards.testFailsLater")}
        </li>
      </ul>
    </details>
  );
}
