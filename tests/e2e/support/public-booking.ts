import { expect, type APIRequestContext } from "@playwright/test";

/** The demo pousada's public booking page. */
export const SLUG = "pousada-mare-alta";

export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A stay `offset` days ahead for which the public engine has at least one offer for two adults. */
export async function stayWithOffers(request: APIRequestContext, offset: number) {
  const profile = (await (await request.get(`/api/public/booking-engines/${SLUG}`)).json()).data;
  for (let i = offset; i < offset + 60; i += 3) {
    const arrival = addDays(profile.today, i);
    const departure = addDays(arrival, 2);
    const res = await request.get(`/api/public/booking-engines/${SLUG}/offers?arrival=${arrival}&departure=${departure}&adults=2&children=0`);
    expect(res.status()).toBe(200);
    if ((await res.json()).data.offers.length) return { arrival, departure };
  }
  throw new Error("no stay with offers found");
}
