import type { RouterContextProvider } from "react-router";
import { businessTimeZone } from "#domain/business/timezone";
import { appContext } from "#app/lib/guard.server";

/** Whether the selected business is a short-term rental (its business type's is_bnb). */
export function isShortTermRental(context: Readonly<RouterContextProvider>): boolean {
  const { business } = context.get(appContext);
  const type = business?.business_type as { is_bnb?: boolean } | null | undefined;
  return type?.is_bnb === true;
}

/** Today in the selected business's time zone (YYYY-MM-DD). */
export function businessTodayOf(context: Readonly<RouterContextProvider>, now = new Date()): string {
  const { business } = context.get(appContext);
  const timeZone = businessTimeZone(business);
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
