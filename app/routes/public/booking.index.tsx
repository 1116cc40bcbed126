import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { formatMoney } from "#domain/money";
import { readOffers, staySearch } from "#app/routes/public/booking-engine.server";
import { stayQuery } from "#app/components/booking-engine/stay-query";
import { accentButton, NightRates, PlainField, StaySummary, useProfile } from "#app/components/booking-engine/public-ui";
import { HotelPolicies, OfferPlan } from "#app/components/booking-engine/public-policies";
import { StayRefusals } from "#app/components/booking-engine/stay-refusals";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/booking.index";
import { noHydration } from "#app/lib/hydration";

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

/** The search (a GET form: the address is the search, shareable and back-button safe) and its offers. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const search = staySearch(new URL(request.url));
  if (!search.complete) return { search, offers: null, errors: {} as Record<string, string[]> };
  const { offers, errors } = await readOffers(getRequestState(context).api, params.slug, search);
  return { search, offers, errors };
}

export default function PublicSearch({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookingEngine");
  const profile = useProfile();
  const { search, offers, errors } = loaderData;
  return (
    <>
      <title>{`${profile.business.name} · ${t("public.title")}`}</title>
      <section className="mb-6 space-y-2">
        <h1 className="text-2xl font-semibold">{profile.headline || profile.business.name}</h1>
        {profile.description ? <p className="whitespace-pre-line text-slate-800">{profile.description}</p> : null}
        <p className="text-sm text-slate-700">{t("public.times", { checkIn: profile.check_in_time, checkOut: profile.check_out_time })}</p>
      </section>

      <Form method="get" action={`/p/${profile.slug}`} className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="search-heading">
        <h2 id="search-heading" className="mb-3 text-lg font-semibold">
          {t("public.searchHeading")}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <PlainField name="arrival" label={t("public.arrival")} type="date" required min={profile.today} max={profile.last_arrival} defaultValue={search.arrival} errors={errors.arrival} />
          <PlainField name="departure" label={t("public.departure")} type="date" required min={profile.today} defaultValue={search.departure} errors={errors.departure} />
          <PlainField name="adults" label={t("public.adults")} type="number" inputMode="numeric" min={1} max={20} required defaultValue={search.adults} errors={errors.adults} />
          <PlainField name="children" label={t("public.children")} type="number" inputMode="numeric" min={0} max={20} defaultValue={search.children} errors={errors.children} />
        </div>
        <p className="mt-2 text-sm text-slate-600">{t("public.nightsRule", { min: profile.min_nights, max: profile.max_nights })}</p>
        <button type="submit" className={`${accentButton} mt-3 w-full sm:w-auto`}>
          {t("public.search")}
        </button>
      </Form>

      {offers ? (
        <section aria-labelledby="offers-heading" className="space-y-4">
          <div>
            <h2 id="offers-heading" className="text-lg font-semibold">
              {t("public.offersHeading")}
            </h2>
            <StaySummary stay={offers} />
          </div>
          <StayRefusals refusals={offers.refusals} slug={profile.slug} search={search} />
          {offers.offers.length === 0 ? (
            offers.refusals.length ? null : <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("public.noOffers")}</p>
          ) : (
            <ul className="space-y-4">
              {offers.offers.map((offer) => (
                <li key={`${offer.category.uuid}-${offer.rate_plan?.uuid ?? ""}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="text-base font-semibold">{offer.category.name}</h3>
                    <p className="text-lg font-semibold tabular-nums">{formatMoney(offer.total, i18n.language, offers.currency, { whole: true })}</p>
                  </div>
                  {offer.rate_plan ? <OfferPlan plan={offer.rate_plan} /> : null}
                  <p className="mb-2 text-sm text-slate-700">
                    {t("public.occupancy", { min: offer.category.min_occupation, max: offer.category.max_occupation })} ·{" "}
                    {t("public.perNight", { rate: formatMoney(offer.rate_per_night, i18n.language, offers.currency, { whole: true }) })}
                    {offer.free_rooms <= 2 ? <> · {t("public.fewLeft", { count: offer.free_rooms })}</> : null}
                  </p>
                  <details className="mb-3">
                    <summary className="cursor-pointer text-sm font-medium text-slate-800">{t("public.nightlyRates")}</summary>
                    <NightRates nights={offer.nights} total={offer.total} currency={offers.currency} />
                  </details>
                  <Link to={`/p/${profile.slug}/book?${stayQuery({ ...search, category: offer.category.uuid, plan: offer.rate_plan?.uuid })}`} className={`${accentButton} w-full sm:w-auto`}>
                    {t("public.book")}
                    <span className="sr-only"> – {offer.category.name}{offer.rate_plan ? `, ${offer.rate_plan.name}` : ""}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <HotelPolicies policies={profile.hotel_policies} note={profile.policies} />
    </>
  );
}
