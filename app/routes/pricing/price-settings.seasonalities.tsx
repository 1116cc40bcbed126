import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import type { SeasonalityJson, Suggestion } from "#contract/pricing";
import type { TariffWriteJson } from "#contract/tariff-writes";
import { formatMoney } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { PriceSettingsNav, SeasonSwatch } from "#app/components/pricing/form-bits";
import { ApiError, loadTariff, pricingBusiness, pricingMiddleware, type PricingHandle } from "#app/lib/pricing.server";
import { seasonalityFormSchema } from "#app/components/pricing/schemas";
import { SeasonalityFields } from "#app/components/pricing/seasonality-form";
import { SeasonPreview } from "#app/components/pricing/season-preview";
import { WhatIf, WhatIfButton } from "#app/components/pricing/what-if";
import { isUuid } from "#domain/text/sanitize";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { formatDate } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/price-settings.seasonalities";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: PricingHandle = { permission: "user.price-settings" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

const PAGE = "/price-settings/seasonalities";

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  const url = new URL(request.url);
  const tariff = await loadTariff(context, business.uuid);
  const editId = url.searchParams.get("edit");
  const editing = editId ? (tariff.sazonalities.find((s) => s.uuid === editId) ?? null) : null;
  let suggestions: Suggestion[] | null = null;
  if (url.searchParams.get("suggestions") === "1") {
    const { api } = getRequestState(context);
    suggestions = await api.pricing.suggestions(business.uuid);
  }
  return { business, tariff, editing, suggestions };
}

function savedToast(warnings: TariffWriteJson["warnings"]) {
  return warnings?.length
    ? { kind: "info" as const, message: "pricing:season.savedWithWarnings", values: { warnings: warnings.map((w) => w.message).join(" ") } }
    : { kind: "success" as const, message: "pricing:season.saved" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const business = pricingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "create");

  if (intent === "delete") {
    try {
      await api.pricing.deleteSeason(business.uuid, String(formData.get("id") ?? ""));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const message = Object.values(error.errors).flat()[0] ?? error.message;
      return redirectWithToast(PAGE, { kind: "error", message }, { session });
    }
    return redirectWithToast(PAGE, { kind: "success", message: "pricing:season.deleted" }, { session });
  }

  if (intent === "import") {
    const key = String(formData.get("key") ?? "");
    const suggestions = await api.pricing.suggestions(business.uuid);
    const s = suggestions.find((x) => x.key === key);
    if (!s) return redirectWithToast(`${PAGE}?suggestions=1`, { kind: "error", message: "pricing:suggestions.gone" }, { session });
    try {
      const answer = await api.pricing.createSeason(business.uuid, {
        title: s.title,
        color: s.color,
        rate: s.rate,
        is_reference: false,
        dates: s.dates,
        fluctuation_level_variations: s.fluctuation_level_variations,
      });
      return redirectWithToast(`${PAGE}?suggestions=1`, savedToast(answer.warnings), { session });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithToast(`${PAGE}?suggestions=1`, { kind: "error", message: Object.values(error.errors).flat()[0] ?? error.message }, { session });
    }
  }

  const submission = parseWithZod(formData, { schema: seasonalityFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const id = String(formData.get("id") ?? "");
  if (formData.has("what_if")) {
    // The what-if: the form comes back as typed (without JavaScript too), the next 90 nights above Save.
    try {
      const whatIf = await api.pricing.whatIf(business.uuid, "sazonalities", { ...submission.value, uuid: isUuid(id) ? id : null });
      return { result: submission.reply(), whatIf, draft: submission.value };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data(replyWithApiError(submission, error), { status: error.status });
    }
  }
  try {
    const answer =
      intent === "update"
        ? await api.pricing.updateSeason(business.uuid, id, submission.value)
        : await api.pricing.createSeason(business.uuid, submission.value);
    return redirectWithToast(PAGE, savedToast(answer.warnings), { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error), { status: error.status });
  }
}

function rangesText(season: SeasonalityJson, locale: string, t: (key: string, o?: Record<string, unknown>) => string) {
  if (season.dates.length === 0) return season.is_reference ? t("season.everyOtherNight") : t("season.noDates");
  const day = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  return season.dates
    .map((d) => {
      const days = d.days_of_week.length === 7 ? t("season.allWeek") : d.days_of_week.map((w) => day.format(new Date(Date.UTC(2023, 0, 1 + w)))).join(", ");
      return `${formatDate(d.starts_at, locale)} – ${formatDate(d.ends_at, locale)} (${days})`;
    })
    .join("; ");
}

export default function Seasonalities({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const { tariff, editing, suggestions, business } = loaderData;
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "whatIf" in actionData ? actionData.result : actionData;
  const whatIf = actionData && "whatIf" in actionData ? actionData : null;
  const [form] = useForm({
    id: editing ? `season-${editing.uuid}` : "season-new",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: seasonalityFormSchema, error: issueToKey }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
  });
  const locale = i18n.language;
  const money = (cents: number) => formatMoney(cents, locale, business.currency, { whole: true });
  return (
    <>
      <title>{`${t("season.pageTitle")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("season.pageTitle")}</h1>
      <PriceSettingsNav />
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("season.intro")}</p>

      <section aria-labelledby="season-list" className="mb-8">
        <h2 id="season-list" className="mb-2 text-lg font-semibold">
          {t("season.listHeading")}
        </h2>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {tariff.sazonalities.map((s) => (
            <li key={s.uuid} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
              <div className="flex-1">
                <p className="flex items-center gap-2 font-medium">
                  <SeasonSwatch color={s.color} />
                  {s.title}
                  {s.is_reference ? <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t("season.reference")}</span> : null}
                </p>
                <p className="text-sm text-slate-700">
                  {money(s.rate)} · {rangesText(s, locale, t)}
                </p>
              </div>
              <div className="flex gap-2">
                <Link to={`${PAGE}?edit=${s.uuid}#season-form`} className={buttonClass("secondary")} aria-label={t("season.editNamed", { title: s.title })}>
                  {t("season.edit")}
                </Link>
                {s.is_reference ? null : (
                  <AppForm action={PAGE}>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={s.uuid} />
                    <SubmitButton variant="danger" name="intent" value="delete" aria-label={t("season.deleteNamed", { title: s.title })}>
                      {t("season.delete")}
                    </SubmitButton>
                  </AppForm>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="suggestions-heading" className="mb-8">
        <h2 id="suggestions-heading" className="mb-2 text-lg font-semibold">
          {t("suggestions.heading")}
        </h2>
        {suggestions ? (
          <ul className="space-y-2">
            {suggestions.map((s) => (
              <li key={s.key} className="rounded-md border border-slate-200 bg-white p-3">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                  <div className="flex-1">
                    <p className="flex items-center gap-2 font-medium">
                      <SeasonSwatch color={s.color} />
                      {s.title} · {money(s.rate)}
                    </p>
                    <p className="text-sm text-slate-700">{rangesText({ ...s, uuid: s.key, min_price: null, max_price: null, created_at: null, fluctuation_level_variations: [] }, locale, t)}</p>
                    <p className="mt-1 text-sm text-slate-600">{s.rationale}</p>
                  </div>
                  <AppForm action={PAGE}>
                    <input type="hidden" name="key" value={s.key} />
                    <SubmitButton variant="secondary" name="intent" value="import" aria-label={t("suggestions.importNamed", { title: s.title })}>
                      {t("suggestions.import")}
                    </SubmitButton>
                  </AppForm>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Link to={`${PAGE}?suggestions=1#suggestions-heading`} className={buttonClass("secondary")}>
            {t("suggestions.show")}
          </Link>
        )}
      </section>

      <section aria-labelledby="season-form" className="max-w-4xl">
        <h2 id="season-form" className="mb-2 text-lg font-semibold">
          {editing ? t("season.editHeading", { title: editing.title }) : t("season.createHeading")}
        </h2>
        <AppForm {...getFormProps(form)} action={editing ? `${PAGE}?edit=${editing.uuid}` : PAGE} className="space-y-4 rounded-md border border-slate-200 bg-white p-4">
          {editing ? <input type="hidden" name="id" value={editing.uuid} /> : null}
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          <SeasonalityFields key={editing?.uuid ?? "new"} tariff={tariff} season={whatIf?.draft ?? editing ?? undefined} errors={form.allErrors} formErrors={form.errors} formErrorId={form.errorId} />
          <SeasonPreview key={form.id} formId={form.id} currency={business.currency} />
          {whatIf ? <WhatIf preview={whatIf.whatIf} categories={tariff.rooms_tariff.categories} currency={business.currency} /> : null}
          <div className="flex flex-wrap gap-2">
            <SubmitButton pendingLabel={t("saving")}>{editing ? t("season.update") : t("season.create")}</SubmitButton>
            <WhatIfButton />
            {editing ? (
              <Link to={PAGE} className={buttonClass("secondary")}>
                {t("cancel")}
              </Link>
            ) : null}
          </div>
        </AppForm>
      </section>
    </>
  );
}
