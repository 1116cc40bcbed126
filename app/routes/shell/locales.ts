import { data } from "react-router";
import { isLocale } from "#locales/list";
import { loadResources } from "#locales/resources";
import type { Route } from "./+types/locales";

/** Every namespace of one locale, for the browser's i18next; cached for 24 hours (spec section 9). */
export async function loader({ params }: Route.LoaderArgs) {
  if (!isLocale(params.lng)) throw data(null, { status: 404 });
  return Response.json(loadResources()[params.lng], {
    headers: { "Cache-Control": "public, max-age=86400" },
  });
}
