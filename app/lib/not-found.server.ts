import { ApiError } from "#app/lib/api.server";
import { notFoundUnless } from "#app/lib/guard.server";

/** The API's 404 becomes this page's 404 'Page Not Found'; other failures go on to the error page as they are. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFoundUnless(false);
    throw error;
  }
}
