import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/guard.server";

/** Whether the selected business is a short-term rental (its business type's is_bnb). */
export function isShortTermRental(context: Readonly<RouterContextProvider>): boolean {
  const { business } = context.get(appContext);
  const type = business?.business_type as { is_bnb?: boolean } | null | undefined;
  return type?.is_bnb === true;
}
