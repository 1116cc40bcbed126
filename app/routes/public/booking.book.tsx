import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData } from "react-router";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { SpamError } from "remix-utils/honeypot/server";
import { publicReservationSchema } from "#domain/schemas/booking-engine";
import { issueToKey } from "#domain/validation";
import { ApiError, readOffers, staySearch } from "#app/routes/public/booking-engine.server";
import { stayQuery } from "#app/components/booking-engine/stay-query";
import { accentButton, NightRates, StaySummary, useProfile } from "#app/components/booking-engine/public-ui";
import { FormErrors, TextAreaField, TextField } from "#app/components/ui/field";
import { AppForm } from "#app/components/ui/app-form";
import { OfferPlan } from "#app/components/booking-engine/public-policies";
import { honeypot } from "#app/lib/honeypot.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/booking.book";
import { noHydration } from "#app/lib/hydration";
import { replyWithApiError } from "#app/lib/api-reply.server";

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

/** The chosen offer, priced again now (rates and availability may have moved since the search). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = staySearch(url);
  const categoryId = url.searchParams.get("category") ?? "";
  const askedPlan = url.searchParams.get("plan") ?? "";
  const { offers } = search.complete ? await readOffers(getRequestState(context).api, params.slug, search) : { offers: null };
  // Without a plan in the address (an older link), the category's first offer; the form books that offer's plan.
  const offer = offers?.offers.find((o) => o.category.uuid === categoryId && (!askedPlan || o.rate_plan?.uuid === askedPlan)) ?? null;
  return {
    search,
    categoryId,
    planId: offer?.rate_plan?.uuid ?? "",
    offer,
    currency: offers?.currency ?? "BRL",
    nights: offers?.nights ?? 0,
    honeypot: await honeypot().getInputProps(),
  };
}

const FIELDS = ["guest.name", "guest.email", "guest.phone", "guest.country", "guest.document", "notes"];

/** Books through the public API, then post → redirect → get to the confirmation. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: publicReservationSchema, error: issueToKey });
  try {
    await honeypot().check(formData);
  } catch (error) {
    if (!(error instanceof SpamError)) throw error;
    // Refused like any other bad form (the form again, with a message), not the error page: a
    // person whose autofill filled the hidden field can still read what happened and retry.
    return data(submission.reply({ formErrors: ["validation.formRefused"] }), { status: 400 });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api } = getRequestState(context);
  try {
    const booked = await api.bookingEngine.book(params.slug, submission.value);
    return redirect(`/p/${params.slug}/confirmation/${booked.code}`);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw data(null, { status: 404, statusText: "Page Not Found" });
    return data(replyWithApiError(submission, error, { fields: FIELDS }), { status: error.status });
  }
}

export default function PublicBook({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookingEngine");
  const profile = useProfile();
  const { search, offer, currency, nights, categoryId, planId } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "public-booking",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: publicReservationSchema, error: issueToKey }),
    shouldValidate: "onBlur",
  });
  const guest = fields.guest.getFieldset();
  const back = `/p/${profile.slug}?${stayQuery(search)}`;
  if (!offer) {
    return (
      <>
        <title>{`${profile.business.name} · ${t("public.title")}`}</title>
        <h1 className="mb-2 text-xl font-semibold">{t("public.goneHeading")}</h1>
        <p className="mb-4 text-slate-700">{t("public.goneText")}</p>
        <Link to={back} className={accentButton}>
          {t("public.backToSearch")}
        </Link>
      </>
    );
  }
  return (
    <>
      <title>{`${t("public.bookTitle")} · ${profile.business.name}`}</title>
      <p className="mb-3">
        <Link to={back} className="text-sm font-medium text-slate-800 underline">
          {t("public.backToSearch")}
        </Link>
      </p>
      <h1 className="mb-1 text-2xl font-semibold">{t("public.bookHeading", { category: offer.category.name })}</h1>
      {offer.rate_plan ? <OfferPlan plan={offer.rate_plan} /> : null}
      <StaySummary stay={{ arrival: search.arrival, departure: search.departure, adults: Number(search.adults), children: Number(search.children), nights }} />
      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <HoneypotProvider {...loaderData.honeypot}>
          <AppForm {...getFormProps(form)} action={`/p/${profile.slug}/book?${stayQuery({ ...search, category: categoryId, plan: planId })}`} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <FormErrors id={form.errorId} errors={form.errors} />
            <HoneypotInputs label={t("public.honeypot")} />
            <input type="hidden" name="category_id" value={offer.category.uuid} />
            {offer.rate_plan ? <input type="hidden" name="rate_plan_id" value={offer.rate_plan.uuid} /> : null}
            <input type="hidden" name="arrival" value={search.arrival} />
            <input type="hidden" name="departure" value={search.departure} />
            <input type="hidden" name="adults" value={search.adults} />
            <input type="hidden" name="children" value={search.children} />
            <h2 className="text-lg font-semibold">{t("public.guestHeading")}</h2>
            <TextField field={guest.name} label={t("public.guestName")} autoComplete="name" required />
            <TextField field={guest.email} label={t("public.guestEmail")} type="email" autoComplete="email" required hint={t("public.guestEmailHint")} />
            <TextField field={guest.phone} label={t("public.guestPhone")} type="tel" autoComplete="tel" required />
            <div className="grid grid-cols-2 gap-3">
              <TextField field={guest.country} label={t("public.guestCountry")} autoComplete="country" maxLength={2} hint={t("public.guestCountryHint")} />
              <TextField field={guest.document} label={t("public.guestDocument")} />
            </div>
            <TextAreaField field={fields.notes} label={t("public.notes")} rows={3} />
            {fields.category_id.errors || fields.arrival.errors || fields.departure.errors || fields.adults.errors ? (
              <FormErrors id={`${form.id}-stay`} errors={[...(fields.category_id.errors ?? []), ...(fields.arrival.errors ?? []), ...(fields.departure.errors ?? []), ...(fields.adults.errors ?? [])]} />
            ) : null}
            <button type="submit" className={`${accentButton} w-full`}>
              {t("public.confirm")}
            </button>
            <p className="text-xs text-slate-600">{t("public.confirmHint")}</p>
          </AppForm>
        </HoneypotProvider>
        <aside className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="mb-2 text-base font-semibold">{t("public.priceHeading")}</h2>
          <NightRates nights={offer.nights} total={offer.total} currency={currency} />
        </aside>
      </div>
    </>
  );
}
