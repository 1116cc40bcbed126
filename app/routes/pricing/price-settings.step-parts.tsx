import { redirect } from "react-router";
import { stepNumber } from "#app/components/pricing/wizard";
import { pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import type { Route } from "./+types/price-settings.step-parts";

/**
 * /price-settings/step-content, /price-settings/step-wrapper and /price-settings/layout-container.
 * The spec lists them as routes; in Tarifa they are the parts of the price-settings wizard
 * (app/components/pricing/wizard.tsx), so each address opens the wizard itself, at the step
 * given by `?step=` (the first by default), instead of a half page.
 */
export const handle: PricingHandle = { permission: "user.price-settings" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

export function loader({ request }: Route.LoaderArgs) {
  const step = stepNumber(new URL(request.url).searchParams.get("step"));
  return redirect(`/price-settings/new-setting?step=${step}`);
}
