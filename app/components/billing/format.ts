/** Money and dates in the reader's locale (Intl), for the billing screens. */

export function formatMoney(cents: number, locale: string, currency = "BRL"): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/** An instant from the API as a date in the business's time zone. */
export function formatDay(iso: string | null | undefined, locale: string, timeZone = "America/Sao_Paulo"): string {
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
