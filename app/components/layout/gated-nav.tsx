import { useTranslation } from "react-i18next";
import { NavItems } from "./nav-items";

/** Which plan- and feature-gated areas the selected business and the user's account unlock. */
export interface Gates {
  ai: boolean;
  motor: boolean;
  competitorAnalysis: boolean;
  competitors: boolean;
}

/**
 * The sidebar entries of the gated areas (spec section 6): each shows only when the guard of its
 * page would let the user in — the permission and the plan (or the account feature).
 */
export function GatedNavItems({
  permissions,
  gates,
  className,
}: {
  permissions: { name: string }[];
  gates: Gates;
  className: string;
}) {
  const { t } = useTranslation();
  const can = (name: string) => permissions.some((p) => p.name === name);
  const items = [
    { show: can("user.competitor-analysis") && gates.competitors, to: "/rate-shopper", label: t("nav.rateShopper") },
    { show: can("user.competitor-analysis") && gates.competitorAnalysis, to: "/market-analysis", label: t("nav.marketAnalysis") },
    { show: can("user.businesses") && gates.motor, to: "/booking-engine/setup", label: t("nav.bookingEngine") },
    { show: can("user.chat-ai") && gates.ai, to: "/chat", label: t("nav.chat") },
  ];
  return <NavItems items={items} className={className} />;
}
