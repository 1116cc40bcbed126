/** Dates and statuses for the billing screens. */

/** An instant from the API as a date in the business's time zone. */
export function formatDay(iso: string | null | undefined, locale: string, timeZone: string): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(new Date(iso));
}

/** Stripe's status names, as keys of the billing namespace. */
export function statusKey(status: string | null | undefined): string {
  switch (status) {
    case "trialing":
    case "active":
    case "past_due":
    case "canceled":
    case "incomplete":
      return `status.${status}`;
    default:
      return "status.granted";
  }
}
