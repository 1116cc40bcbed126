import type { RouterContextProvider } from "react-router";
import { ApiError, bookingBusiness } from "#app/lib/bookings.server";
import { getRequestState } from "#app/lib/request-context.server";

export { ApiError };

/** The selected business and the API client of the request, for the intelligence calls. */
export function intelligenceApi(context: Readonly<RouterContextProvider>) {
  return { business: bookingBusiness(context), api: getRequestState(context).api };
}

/**
 * A question from the URL the API may refuse (dates reversed, a period too long…): the answer,
 * or the default question's answer with the reasons beside the fields of the GET form.
 */
export async function askOrDefault<T>(ask: () => Promise<T>, fallback: () => Promise<T>): Promise<{ answer: T; errors: Record<string, string[]> | null }> {
  try {
    return { answer: await ask(), errors: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const errors = Object.keys(error.errors).length ? error.errors : { form: [error.serverMessage ?? error.message] };
    return { answer: await fallback(), errors };
  }
}

/** The query parameters of a GET form, without blanks. */
export function searchOf(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(request.url).searchParams) if (v !== "") out[k] = v;
  return out;
}
