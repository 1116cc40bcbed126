import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { addDays } from "#domain/pricing/dates";
import { isUuid } from "#domain/text/sanitize";
import { isDateInRange, issueToKey } from "#domain/validation";
import { tooLargeUploadErrors } from "#app/lib/upload-too-large";
import { ApiError, bookingBusiness } from "#app/lib/bookings.server";
import { CompetitorForm, CompetitorList, CsvImportForm } from "#app/components/competitors/competitor-set";
import { cellErrorsFrom, gridChanges } from "#app/components/competitors/grid-form";
import { CategorySelect, DateInput } from "#app/components/competitors/period-picker";
import { RateGrid, type GridResult } from "#app/components/competitors/rate-grid";
import { competitorFormSchema } from "#app/components/competitors/schemas";
import { buttonClass } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/rate-shopper";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = { permission: "user.competitor-analysis", feature: "competitors" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/rate-shopper";
/** Nights in the grid. */
const GRID_NIGHTS = 14;

function pageUrl(start?: string | null, category?: string | null) {
  const q = new URLSearchParams();
  if (start) q.set("start", start);
  if (category) q.set("category", category);
  const s = q.toString();
  return s ? `${PAGE}?${s}` : PAGE;
}

/** The grid of the 14 nights from ?start (today by default) for ?category, and the competitor in ?edit. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const start = url.searchParams.get("start");
  const category = url.searchParams.get("category");
  const answer = await api.competitors.rates(business.uuid, {
    from: start && isDateInRange(start) ? start : undefined,
    days: GRID_NIGHTS,
    category: category && isUuid(category) ? category : undefined,
  });
  const editId = url.searchParams.get("edit");
  const editing = editId ? (answer.competitors.find((c) => c.uuid === editId) ?? null) : null;
  return {
    answer,
    editing,
    back: pageUrl(start && isDateInRange(start) ? answer.from : null, answer.category?.uuid === answer.categories[0]?.uuid ? null : answer.category?.uuid),
    fileErrors: tooLargeUploadErrors(request),
  };
}

type ActionResult =
  | GridResult
  | { intent: "save-competitor"; result: SubmissionResult<string[]> }
  | { intent: "import"; errors: string[] }
  | { intent: "set"; errors: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  // The grid and the import post to the page with its ?start and ?category, and come back to it.
  const url = new URL(request.url);
  const returnTo = `${PAGE}${url.search}`;
  const fail = (result: ActionResult, status: number) => data<ActionResult>(result, { status });

  if (intent === "rates") {
    const { changes, errors } = gridChanges(formData);
    const values = Object.fromEntries([...formData].filter(([k, v]) => k.startsWith("rate:") && typeof v === "string") as [string, string][]);
    if (Object.keys(errors).length) return fail({ intent, cells: errors, errors: [], values }, 422);
    if (!changes.length) return redirectWithToast(returnTo, { kind: "info", message: "competitors:toast.nothingChanged" }, { session });
    try {
      await api.competitors.saveRates(business.uuid, { rates: changes });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const { cells, rest } = cellErrorsFrom(error.errors, changes);
      return fail({ intent, cells, errors: rest.length || Object.keys(cells).length ? rest : [error.serverMessage ?? error.message], values }, error.status);
    }
    return redirectWithToast(returnTo, { kind: "success", message: "competitors:toast.ratesSaved", values: { count: changes.length } }, { session });
  }

  if (intent === "import") {
    const file = formData.get("file");
    const pasted = String(formData.get("csv") ?? "");
    const csv = file instanceof File && file.size > 0 ? await file.text() : pasted;
    if (!csv.trim()) return fail({ intent, errors: ["competitors:csv.missing"] }, 422);
    try {
      const answer = await api.competitors.importRates(business.uuid, { csv });
      return redirectWithToast(returnTo, { kind: "success", message: "competitors:toast.imported", values: { count: answer.imported } }, { session });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return fail({ intent, errors: [error.serverMessage ?? error.message, ...Object.values(error.errors).flat()] }, error.status);
    }
  }

  const competitorId = String(formData.get("competitor_uuid") ?? "");
  if (intent === "toggle" || intent === "delete") {
    if (!isUuid(competitorId)) return fail({ intent: "set", errors: ["competitors:set.notFound"] }, 404);
    try {
      if (intent === "delete") {
        await api.competitors.delete(business.uuid, competitorId);
        return redirectWithToast(PAGE, { kind: "success", message: "competitors:toast.deleted" }, { session });
      }
      const list = await api.competitors.list(business.uuid);
      const current = list.find((c) => c.uuid === competitorId);
      if (!current) return fail({ intent: "set", errors: ["competitors:set.notFound"] }, 404);
      const { uuid: _uuid, ...fields } = current;
      await api.competitors.update(business.uuid, competitorId, { ...fields, active: !current.active });
      return redirectWithToast(returnTo, { kind: "success", message: current.active ? "competitors:toast.deactivated" : "competitors:toast.activated", values: { name: current.name } }, { session });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return fail({ intent: "set", errors: [error.serverMessage ?? error.message] }, error.status);
    }
  }

  const submission = parseWithZod(formData, { schema: competitorFormSchema, error: issueToKey });
  if (submission.status !== "success") return fail({ intent: "save-competitor", result: submission.reply() }, 422);
  const { competitor_uuid, ...payload } = submission.value;
  try {
    if (competitor_uuid && isUuid(competitor_uuid)) await api.competitors.update(business.uuid, competitor_uuid, payload);
    else await api.competitors.create(business.uuid, payload);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail({ intent: "save-competitor", result: replyWithApiError(submission, error, { fields: ["name", "url", "stars", "distance_km", "room_label", "notes", "active"] }) }, error.status);
  }
  return redirectWithToast(PAGE, { kind: "success", message: competitor_uuid ? "competitors:toast.updated" : "competitors:toast.added", values: { name: payload.name } }, { session });
}

export default function RateShopper({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("competitors");
  const { answer, editing, back, fileErrors } = loaderData;
  const locale = i18n.language;
  const actionData = useActionData<typeof action>();
  const category = answer.category?.uuid === answer.categories[0]?.uuid ? null : answer.category?.uuid;
  return (
    <>
      <title>{`${t("shopper.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("shopper.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("shopper.honest")}</p>
      {!answer.configured ? (
        <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t("shopper.notConfigured")}{" "}
          <Link to="/price-settings" className={buttonClass("link")}>
            {t("shopper.priceSettings")}
          </Link>
        </p>
      ) : null}

      <section aria-labelledby="grid-heading" className="mb-8">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="grid-heading" className="text-lg font-semibold">
            {t("grid.heading", { from: formatDate(answer.from, locale), to: formatDate(answer.to, locale) })}
          </h2>
          <form method="get" action={PAGE} className="flex flex-wrap items-end gap-2">
            <DateInput id="grid-start" name="start" label={t("grid.start")} defaultValue={answer.from} />
            <CategorySelect id="grid-category" categories={answer.categories} selected={answer.category?.uuid} />
            <button type="submit" className={buttonClass("secondary", "py-1.5")}>
              {t("grid.show")}
            </button>
          </form>
        </div>
        <nav aria-label={t("grid.pager")} className="mb-3 flex gap-4 text-sm">
          <Link to={pageUrl(addDays(answer.from, -GRID_NIGHTS), category)} className={buttonClass("link")}>
            {t("grid.previous", { count: GRID_NIGHTS })}
          </Link>
          <Link to={pageUrl(null, category)} className={buttonClass("link")}>
            {t("grid.today")}
          </Link>
          <Link to={pageUrl(addDays(answer.from, GRID_NIGHTS), category)} className={buttonClass("link")}>
            {t("grid.next", { count: GRID_NIGHTS })}
          </Link>
        </nav>
        <RateGrid answer={answer} action={back} lastResult={actionData?.intent === "rates" ? actionData : null} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="set-heading">
          <h2 id="set-heading" className="mb-2 text-lg font-semibold">
            {t("set.heading")}
          </h2>
          <FormErrors id="set-errors" errors={actionData?.intent === "set" ? actionData.errors : undefined} />
          <CompetitorList competitors={answer.competitors} page={PAGE} />
          <h3 id="competitor-form" className="mb-2 mt-6 text-base font-semibold">
            {editing ? t("form.editHeading", { name: editing.name }) : t("form.addHeading")}
          </h3>
          <CompetitorForm key={editing?.uuid ?? "new"} editing={editing} page={PAGE} lastResult={actionData?.intent === "save-competitor" ? actionData.result : null} />
        </section>
        <section aria-labelledby="csv-heading">
          <h2 id="csv-heading" className="mb-2 text-lg font-semibold">
            {t("csv.heading")}
          </h2>
          <CsvImportForm page={back} errors={actionData?.intent === "import" ? actionData.errors : undefined} fileErrors={actionData ? undefined : fileErrors} />
        </section>
      </div>
    </>
  );
}
