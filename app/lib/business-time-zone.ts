import { useRouteLoaderData } from "react-router";
import { FALLBACK_TIME_ZONE } from "#domain/business/timezone";

/**
 * The selected business's time zone (the app layout's loader reads it from the app state), for
 * formatDateTime: a hotel in São Paulo sees its own clock whether the server runs in UTC or not.
 * Outside the app layout (public pages) the product's default zone.
 */
export function useBusinessTimeZone(): string {
  const layout = useRouteLoaderData("routes/shell/app-layout") as { timeZone?: string } | undefined;
  return layout?.timeZone ?? FALLBACK_TIME_ZONE;
}
