import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, redirect, useActionData } from "react-router";
import { centsToInput, decimalToInput } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { Progress } from "#app/components/intelligence/cards";
import { useFormats } from "#app/components/intelligence/format";
import { ApiError, intelligenceApi } from "#app/routes/intelligence/intelligence.server";
import { QuestionForm, SelectInput } from "#app/components/intelligence/period-form";
import { goalsFormSchema, goalsFormToBody } from "#app/components/intelligence/schemas";
import type { GoalsAnswer } from "#app/components/intelligence/types";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { DataTable, type Column } from "#app/components/ui/data-table";
import { FieldErrors, FormErrors } from "#app/components/ui/field";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/goals";
import { replyWithApiError } from "#app/lib/api-reply.server";

// Read by who sees the dashboard or the intelligence pages (the API decides), edited with user.business-intelligence.
export const handle = {} as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

async function goalsOf(context: Route.LoaderArgs["context"], year: string | null) {
  const { api, business } = intelligenceApi(context);
  try {
    return await api.intelligence.goals(business.uuid, { year: year && /^\d{4}$/.test(year) ? year : undefined });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw redirect("/unauthorized");
    if (error instanceof ApiError && error.status === 422) return api.intelligence.goals(business.uuid);
    throw error;
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return { goals: await goalsOf(context, new URL(request.url).searchParams.get("year")) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { api, business } = intelligenceApi(context);
  const { session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: goalsFormSchema, error: issueToKey });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  try {
    await api.intelligence.saveGoals(business.uuid, goalsFormToBody(submission.value));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 403) throw redirect("/unauthorized");
    return data({ result: replyWithApiError(submission, error) }, { status: error.status });
  }
  return redirectWithToast(`/goals?year=${submission.value.year}`, { kind: "success", message: "intelligence:goals.saved" }, { session });
}

export default function Goals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("intelligence");
  const g = loaderData.goals;
  const f = useFormats(g.currency);
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    // A new id once the saved goals change, so the fields show them as saved (e.g. "123456,00").
    id: `goals-${g.year}-${versionOf(g.months)}`,
    lastResult: actionData?.result,
    defaultValue: {
      year: String(g.year),
      months: g.months.map((m) => ({ month: m.month, revenue: centsToInput(m.revenue, f.locale), occupancy: decimalToInput(m.occupancy, f.locale), adr: centsToInput(m.adr, f.locale) })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: goalsFormSchema, error: issueToKey }),
    shouldValidate: "onBlur",
  });
  type Month = GoalsAnswer["months"][number];
  const monthName = (m: Month) => f.month(m.month, "long");
  const fieldList = fields.months.getFieldList();
  const goalRows = g.months.map((m, i) => ({ m, cols: fieldList[i].getFieldset() }));
  type GoalRow = (typeof goalRows)[number];
  const inputClass = "w-28 rounded-md border border-slate-300 bg-white px-2 py-1 text-right aria-[invalid=true]:border-red-600";
  /** A month's goal as a text box, labelled with its column and month for screen readers. */
  const goalInput = (label: string, pick: (cols: GoalRow["cols"]) => GoalRow["cols"]["revenue"]): Column<GoalRow> => ({
    header: label,
    className: "align-top",
    cell: ({ m, cols }) => {
      const field = pick(cols);
      return (
        <>
          <input {...getInputProps(field, { type: "text" })} key={field.key} inputMode="decimal" aria-label={`${label} · ${monthName(m)}`} className={inputClass} />
          <FieldErrors id={field.errorId} errors={field.errors} />
        </>
      );
    },
  });
  const thisYear = Number(g.today.slice(0, 4));
  const years = Array.from(new Set([thisYear + 1, thisYear, thisYear - 1, thisYear - 2, g.year])).sort((a, b) => b - a);
  const progress = (m: Month) => (
    <div className="space-y-1" data-progress={m.month}>
      {m.revenue ? <Progress label={t("goals.revenueProgress", { actual: f.money(m.actual.room_revenue), goal: f.money(m.revenue) })} ratio={m.actual.room_revenue / m.revenue} text={f.percent(m.actual.room_revenue / m.revenue)} /> : null}
      {m.occupancy !== null && m.occupancy > 0 ? (
        <Progress label={t("goals.occupancyProgress", { actual: f.percent(m.actual.occupancy), goal: f.percent(m.occupancy / 100) })} ratio={(m.actual.occupancy ?? 0) / (m.occupancy / 100)} text={f.percent((m.actual.occupancy ?? 0) / (m.occupancy / 100))} />
      ) : null}
      {m.adr ? <Progress label={t("goals.adrProgress", { actual: f.money(m.actual.adr), goal: f.money(m.adr) })} ratio={(m.actual.adr ?? 0) / m.adr} text={f.percent((m.actual.adr ?? 0) / m.adr)} /> : null}
    </div>
  );
  return (
    <>
      <title>{`${t("goals.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("goals.heading", { year: g.year })}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{g.editable ? t("goals.intro") : t("goals.readOnly")}</p>
      <QuestionForm action="/goals" label={t("monthly.pickYear")}>
        <SelectInput id="goals-year" name="year" label={t("form.year")} value={String(g.year)} options={years.map((y) => ({ value: String(y), label: String(y) }))} />
      </QuestionForm>
      {g.editable ? (
        <AppForm {...getFormProps(form)} className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-3">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name={fields.year.name} value={String(g.year)} />
          <DataTable
            caption={t("goals.heading", { year: g.year })}
            rowHeader
            columns={[
              {
                header: t("table.month"),
                className: "align-top",
                cell: ({ m, cols }: GoalRow) => (
                  <>
                    {monthName(m)}
                    <input type="hidden" name={cols.month.name} value={m.month} />
                  </>
                ),
              },
              goalInput(t("goals.revenue", { currency: g.currency }), (cols) => cols.revenue),
              goalInput(t("goals.occupancy"), (cols) => cols.occupancy),
              goalInput(t("goals.adr", { currency: g.currency }), (cols) => cols.adr),
              { header: t("goals.progress"), className: "min-w-48 align-top", cell: ({ m }: GoalRow) => progress(m) },
            ]}
            rows={goalRows}
            rowKey={({ m }) => m.month}
          />
          <p className="mt-2 text-xs text-slate-600">{t("goals.blankHint")}</p>
          <SubmitButton className="mt-3">{t("goals.save")}</SubmitButton>
        </AppForm>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-3">
          <DataTable
            caption={t("goals.heading", { year: g.year })}
            rowHeader
            columns={[
              { header: t("table.month"), cell: (m: Month) => monthName(m) },
              { header: t("goals.revenue", { currency: g.currency }), figure: true, cell: (m: Month) => f.money(m.revenue) },
              { header: t("goals.occupancy"), figure: true, cell: (m: Month) => (m.occupancy === null ? "—" : f.percent(m.occupancy / 100)) },
              { header: t("goals.adr", { currency: g.currency }), figure: true, cell: (m: Month) => f.money(m.adr) },
              { header: t("goals.progress"), className: "min-w-48", cell: (m: Month) => progress(m) },
            ]}
            rows={g.months}
            rowKey={(m) => m.month}
          />
        </div>
      )}
    </>
  );
}

/** A short fingerprint of the saved goals. */
function versionOf(months: GoalsAnswer["months"]): string {
  let h = 0;
  for (const ch of months.map((m) => `${m.revenue}/${m.occupancy}/${m.adr}`).join(";")) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return (h >>> 0).toString(36);
}
