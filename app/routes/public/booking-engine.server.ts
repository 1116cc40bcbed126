import type { ApiClient } from "#app/lib/api.server";
import { ApiError } from "#app/lib/api.server";
import type { StaySearch } from "#app/components/booking-engine/stay-query";
import type { OffersJson } from "#contract/booking-engine";

export { ApiError };

/** The public engine's slug, checked before it reaches a URL. */
const SLUG = /^[a-z0-9-]{3,60}$/;

/** Reads through 404 (unknown slug, engine off, no motor plan): null instead of an error. */
async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function readProfile(api: ApiClient, slug: string) {
  if (!SLUG.test(slug)) return Promise.resolve(null);
  return orNull(() => api.bookingEngine.profile(slug));
}


/** The search as typed (strings, possibly blank); `complete` when every part is there. */
export function staySearch(url: URL): StaySearch & { complete: boolean } {
  const get = (name: string) => url.searchParams.get(name)?.trim() ?? "";
  const search = { arrival: get("arrival"), departure: get("departure"), adults: get("adults") || "2", children: get("children") || "0" };
  return { ...search, complete: Boolean(search.arrival && search.departure) };
}

/** Offers for a search; the API's 422 field errors come back instead of an answer. */
export async function readOffers(api: ApiClient, slug: string, search: StaySearch): Promise<{ offers: OffersJson | null; errors: Record<string, string[]>; missing: boolean }> {
  if (!SLUG.test(slug)) return { offers: null, errors: {}, missing: true };
  try {
    return { offers: await api.bookingEngine.offers(slug, { ...search }), errors: {}, missing: false };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) return { offers: null, errors: {}, missing: true };
    if (error.status === 422) return { offers: null, errors: Object.keys(error.errors).length ? error.errors : { arrival: [error.message] }, missing: false };
    throw error;
  }
}

export function readReservation(api: ApiClient, slug: string, code: string) {
  if (!SLUG.test(slug) || !/^[A-Za-z0-9]{4,12}$/.test(code)) return Promise.resolve(null);
  return orNull(() => api.bookingEngine.reservation(slug, code.toUpperCase()));
}
