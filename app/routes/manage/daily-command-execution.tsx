import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { describeCron } from "#domain/daily/cron";
import { isUuid } from "#domain/text/sanitize";
import { AdminHeader } from "#app/components/admin/page";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
import type { DailyRunJson } from "#contract/daily-commands";
import { ApiError } from "#app/lib/api.server";
import { formatDateTime } from "#app/lib/format-date";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/daily-command-execution";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";

/** The daily commands: schedules, the last run per business, run now, retry (docs/api/daily-commands.md). */
export const handle = { permission: "admin.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/manage/daily-command-execution";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const business = new URL(request.url).searchParams.get("business");
  const filter = business && isUuid(business) ? business : null;
  const answer = await api.admin.commands.overview({ business_uuid: filter ?? undefined });
  return { ...answer, filter };
}

/** intent=run (command, business_uuid or "" for all) or intent=retry (run uuid). */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = PAGE + new URL(request.url).search;
  try {
    if (intent === "retry") {
      const run = String(form.get("run") ?? "");
      if (!isUuid(run)) return redirectWithToast(back, { kind: "error", message: "notifications:daily.toast.notFound" }, { session });
      await api.admin.commands.retry(run);
      return redirectWithToast(back, { message: "notifications:daily.toast.retried" }, { session });
    }
    const command = String(form.get("command") ?? "");
    const business = String(form.get("business_uuid") ?? "");
    if (!/^[a-z.-]+$/.test(command)) return redirectWithToast(back, { kind: "error", message: "notifications:daily.toast.notFound" }, { session });
    await api.admin.commands.run(command, isUuid(business) ? { business_uuid: business } : {});
    return redirectWithToast(back, { message: "notifications:daily.toast.started" }, { session });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return redirectWithToast(back, { kind: "error", message: error.message }, { session });
    }
    throw error;
  }
}

/** A command's schedule in words: every day at a time (UTC), every few minutes or hours, or off in this deployment. */
function scheduleText(t: TFunction, cron: string | null): string {
  if (cron === null) return t("daily.notScheduled");
  const schedule = describeCron(cron);
  if (schedule.every === "day") return t("daily.schedule", { time: schedule.time });
  if (schedule.every === "minutes") return t("daily.everyMinutes", { count: schedule.count });
  if (schedule.every === "hours") return t("daily.everyHours", { count: schedule.count });
  return t("daily.customSchedule");
}

export default function DailyCommandExecution({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("notifications");
  const timeZone = useBusinessTimeZone();
  const { commands, businesses, filter } = loaderData;
  const seconds = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <>
      <title>{`${t("daily.title")} · Tarifa`}</title>
      <AdminHeader title={t("daily.title")} />
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("daily.intro")}</p>
      <Form method="get" action={PAGE} className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="daily-filter" className="block text-sm font-medium text-slate-800">
            {t("daily.filterBusiness")}
          </label>
          <select id="daily-filter" name="business" defaultValue={filter ?? ""} className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm">
            <option value="">{t("daily.allBusinesses")}</option>
            {businesses.map((b) => (
              <option key={b.uuid} value={b.uuid}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("list.filter")}
        </button>
      </Form>
      <div className="space-y-8">
        {commands.map((command) => {
          const headingId = `cmd-${command.name.replace(/\W/g, "-")}`;
          return (
            <section key={command.name} aria-labelledby={headingId} className="rounded-md border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 id={headingId} className="text-lg font-semibold text-slate-900">
                    {t(`daily.commands.${command.name}.name`)}
                  </h2>
                  <p className="text-sm text-slate-700">{t(`daily.commands.${command.name}.description`)}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    {scheduleText(t, command.cron)}
                    {command.cron === null ? null : (
                      <>
                        {" · "}
                        <code className="text-xs">{command.cron}</code>
                      </>
                    )}
                  </p>
                </div>
                <AppForm action={`${PAGE}${filter ? `?business=${filter}` : ""}`} className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="run" />
                  <input type="hidden" name="command" value={command.name} />
                  {command.scope === "business" ? (
                    <div>
                      <label htmlFor={`${headingId}-target`} className="block text-xs font-medium text-slate-700">
                        {t("daily.runFor")}
                      </label>
                      <select id={`${headingId}-target`} name="business_uuid" defaultValue={filter ?? ""} className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm">
                        <option value="">{t("daily.allBusinesses")}</option>
                        {businesses.map((b) => (
                          <option key={b.uuid} value={b.uuid}>
                            {b.name}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  <button type="submit" className={buttonClass("primary")}>
                    {t("daily.runNow")}
                    <span className="sr-only">: {t(`daily.commands.${command.name}.name`)}</span>
                  </button>
                </AppForm>
              </div>
              {command.last_runs.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">{t("daily.noRuns")}</p>
              ) : (
                <div className="mt-3 overflow-x-auto">
                  <DataTable
                    caption={t("daily.lastRuns", { command: t(`daily.commands.${command.name}.name`) })}
                    columns={[
                      { header: t("daily.columns.business"), cell: (run: DailyRunJson) => run.business_name ?? t("daily.wholeProduct") },
                      { header: t("daily.columns.started"), className: "whitespace-nowrap", cell: (run: DailyRunJson) => <time dateTime={run.started_at}>{formatDateTime(run.started_at, i18n.language, timeZone)}</time> },
                      { header: t("daily.columns.duration"), className: "whitespace-nowrap", cell: (run: DailyRunJson) => (run.duration_ms === null ? "—" : t("daily.seconds", { value: seconds.format(run.duration_ms / 1000) })) },
                      {
                        header: t("daily.columns.outcome"),
                        cell: (run: DailyRunJson) => (
                          <span className={run.outcome === "failed" ? "font-semibold text-red-800" : run.outcome === "succeeded" ? "text-emerald-800" : "text-slate-700"}>
                            {t(`daily.outcomes.${run.outcome}`)}
                          </span>
                        ),
                      },
                      { header: t("daily.columns.attempt"), cell: (run: DailyRunJson) => run.attempt },
                      {
                        header: t("daily.columns.error"),
                        className: "text-slate-700",
                        cell: (run: DailyRunJson) => (
                          <span className="block max-w-xs truncate" title={run.error ?? undefined}>
                            {run.error ?? "—"}
                          </span>
                        ),
                      },
                      {
                        header: t("daily.columns.actions"),
                        hiddenHeader: true,
                        cell: (run: DailyRunJson) =>
                          run.outcome === "failed" ? (
                            <AppForm action={`${PAGE}${filter ? `?business=${filter}` : ""}`}>
                              <input type="hidden" name="intent" value="retry" />
                              <input type="hidden" name="run" value={run.uuid} />
                              <button type="submit" className="text-sm text-brand-700 underline">
                                {t("daily.retry")}
                                <span className="sr-only">: {run.business_name ?? t("daily.wholeProduct")}</span>
                              </button>
                            </AppForm>
                          ) : null,
                      },
                    ]}
                    rows={command.last_runs}
                    rowKey={(run) => run.uuid}
                    rowAttributes={() => ({ "data-testid": "daily-run" })}
                  />
                </div>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
