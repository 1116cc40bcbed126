import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import type { ImportDetail, ImportJson, ImportPreset } from "#app/components/imports/types";
import { ApiError, ledgerBusiness } from "#app/routes/pms-settings/ledger.server";
import { LedgerPage, Panel } from "#app/components/ledger/ui";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { DataTable, type Column } from "#app/components/ui/data-table";
import { FieldErrors } from "#app/components/ui/field";
import { SelfRefresh } from "#app/components/ui/self-refresh";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/import";

/**
 * One import (issue #25): the file's first rows, the column mapping (from a preset, with the
 * tables of room types → categories and channels → sales channels), the dry run's counts with
 * the rows to look at as CSV, then the run and its progress — a self-refreshing page without
 * JavaScript, a progress bar that revalidates with it.
 */
export const handle = { permission: "user.pms-settings", skipSetupCheck: true } satisfies RouteHandle;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const LIST = "/pms-settings/imports";
const REFRESH_SECONDS = 2;
/** Fields that take one column; nights and children take several (summed). */
const SINGLE = ["external_id", "status", "cancelled_flag", "booked_at", "lead_time", "cancelled_at", "arrival", "arrival_year", "arrival_month", "arrival_day", "departure", "room_type", "adults", "revenue", "nightly_rate", "currency", "channel", "rate_plan", "meal_plan", "country", "guest_name"] as const;
const MULTI = ["nights", "children"] as const;

type Mapping = Record<string, unknown> & { room_types?: Record<string, string>; channels?: Record<string, string> };

/** The mapping to show: the one asked for (?preset=), else the one saved, else the first preset the file's header fits. */
/** A line of the file as the preview shows it, numbered for its key. */
type PreviewRow = { cells: string[]; index: number };

function mappingToShow(detail: ImportDetail, presets: ImportPreset[], asked: string | null): { mapping: Mapping; preset: string } {
  const named = presets.find((p) => p.name === asked);
  if (named) return { mapping: named.mapping, preset: named.name };
  if (detail.mapping) return { mapping: detail.mapping, preset: "" };
  const header = new Set(detail.header);
  const fits = presets.find((p) => typeof p.mapping.room_type === "string" && header.has(p.mapping.room_type) && (typeof p.mapping.arrival !== "string" || header.has(p.mapping.arrival)));
  return { mapping: fits?.mapping ?? {}, preset: fits?.name ?? "" };
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  if (!isUuid(params.importId)) throw data(null, { status: 404 });
  const importId = params.importId;
  const [detail, presets, options] = await Promise.all([
    api.imports.get(business.uuid, importId),
    api.imports.presets(business.uuid),
    api.bookings.options(business.uuid),
  ]);
  const { mapping, preset } = mappingToShow(detail, presets, new URL(request.url).searchParams.get("preset"));
  const valuesOf = async (column: unknown) =>
    typeof column === "string" && detail.header.includes(column) && detail.import.status === "uploaded"
      ? await api.imports.columnValues(business.uuid, importId, { column })
      : [];
  const [roomTypes, channels] = await Promise.all([valuesOf(mapping.room_type), valuesOf(mapping.channel)]);
  return { detail, presets, preset, mapping, roomTypes, channels, categories: options.categories, channelCodes: options.channels, channelNames: options.channel_names };
}

/** The form's fields → the API's mapping: `m.<field>` columns, `rt.<value>` categories, `ch.<value>` channels. */
function mappingFrom(form: FormData): Mapping {
  const mapping: Mapping = { room_types: {}, channels: {} };
  for (const field of SINGLE) {
    const value = String(form.get(`m.${field}`) ?? "");
    if (value) mapping[field] = value;
  }
  for (const field of MULTI) {
    const values = form.getAll(`m.${field}`).map(String).filter(Boolean);
    if (values.length) mapping[field] = values;
  }
  if (typeof mapping.room_type !== "string") mapping.room_type = "";
  mapping.date_order = String(form.get("date_order") ?? "ymd");
  mapping.decimal = form.get("decimal") === "," ? "," : ".";
  const count = Number(form.get("value_count") ?? 0);
  for (let i = 0; i < Math.min(count, 400); i++) {
    const kind = String(form.get(`v${i}.kind`) ?? "");
    const value = String(form.get(`v${i}.value`) ?? "");
    const target = String(form.get(`v${i}.target`) ?? "");
    if (!target) continue;
    if (kind === "rt") mapping.room_types![value] = target;
    if (kind === "ch") mapping.channels![value] = target;
  }
  return mapping;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const business = ledgerBusiness(context);
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const page = `${LIST}/${params.importId}`;
  if (!isUuid(params.importId)) throw data(null, { status: 404 });
  try {
    if (form.get("intent") === "run") {
      await api.imports.run(business.uuid, params.importId);
      return redirectWithToast(page, { kind: "info", message: "imports:page.queued" }, { session });
    }
    const presetName = String(form.get("preset_name") ?? "").trim();
    await api.imports.dryRun(business.uuid, params.importId, { mapping: mappingFrom(form), ...(presetName ? { preset_name: presetName } : {}) });
    return redirectWithToast(page, { kind: "success", message: "imports:page.dryRunDone" }, { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const messages = Object.values(error.errors).flat();
    return data({ errors: messages.length ? messages : [error.serverMessage ?? error.message] }, { status: error.status });
  }
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("imports");
  const { detail, presets, preset, mapping, roomTypes, channels, categories, channelCodes, channelNames } = loaderData;
  const imp = detail.import;
  const errors = (actionData as { errors?: string[] } | undefined)?.errors;
  const page = `${LIST}/${imp.uuid}`;
  const columnOptions = detail.header.filter((h) => h !== "");
  const values = [...roomTypes.map((v) => ({ kind: "rt", ...v })), ...channels.map((v) => ({ kind: "ch", ...v }))];
  const channelLabel = (code: string) => channelNames[code] ?? t(`bookings:channel.${code}`, { defaultValue: code });
  return (
    <LedgerPage title={t("page.title")}>
      <p className="mb-4 text-sm">
        <Link to={LIST} className="text-brand-700 underline">
          {t("page.back")}
        </Link>
      </p>
      <div className="space-y-6">
        <Panel id="import-file" heading={imp.file_name}>
          <p className="text-sm text-slate-700">
            {t("page.fileInfo", { rows: imp.row_count, format: imp.format.toUpperCase() })} · {t(`page.status.${imp.status}`)}
          </p>
          <h3 className="mt-3 text-sm font-semibold">{t("page.preview")}</h3>
          <div className="mt-1 max-h-64 overflow-auto rounded border border-slate-200">
            <DataTable
              caption={t("page.preview")}
              columns={detail.header.map((h, i): Column<PreviewRow> => ({ header: h, className: "whitespace-nowrap", cell: (row) => row.cells[i] ?? "" }))}
              rows={detail.preview.map((cells, index) => ({ cells, index }))}
              rowKey={(row) => String(row.index)}
            />
          </div>
        </Panel>

        {imp.status === "uploaded" ? (
          <Panel id="import-mapping" heading={t("page.mapping")}>
            <form method="get" action={page} className="mb-4 flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor="preset" className="block text-sm font-medium">
                  {t("page.preset")}
                </label>
                <select id="preset" name="preset" defaultValue={preset} className="mt-1 rounded border border-slate-300 px-2 py-1 text-sm">
                  {presets.map((p) => (
                    <option key={p.name} value={p.name}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass("secondary")}>
                {t("page.applyPreset")}
              </button>
            </form>
            <AppForm action={page} className="space-y-4" key={preset}>
              <FieldErrors id="mapping-errors" errors={errors} />
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {SINGLE.map((field) => (
                  <div key={field}>
                    <label htmlFor={`m-${field}`} className="block text-sm font-medium">
                      {t(`page.field.${field}`)}
                    </label>
                    <select id={`m-${field}`} name={`m.${field}`} defaultValue={typeof mapping[field] === "string" ? (mapping[field] as string) : ""} className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm">
                      <option value="">{t("page.noColumn")}</option>
                      {columnOptions.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
                {MULTI.map((field) => (
                  <div key={field}>
                    <label htmlFor={`m-${field}`} className="block text-sm font-medium">
                      {t(`page.field.${field}`)}
                    </label>
                    <select id={`m-${field}`} name={`m.${field}`} multiple size={3} defaultValue={Array.isArray(mapping[field]) ? (mapping[field] as string[]) : []} className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm">
                      {columnOptions.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
                <div>
                  <label htmlFor="date_order" className="block text-sm font-medium">
                    {t("page.dateOrder")}
                  </label>
                  <select id="date_order" name="date_order" defaultValue={String(mapping.date_order ?? "ymd")} className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm">
                    {(["ymd", "dmy", "mdy"] as const).map((o) => (
                      <option key={o} value={o}>
                        {t(`page.dateOrders.${o}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="decimal" className="block text-sm font-medium">
                    {t("page.decimal")}
                  </label>
                  <select id="decimal" name="decimal" defaultValue={String(mapping.decimal ?? ".")} className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm">
                    <option value=".">{t("page.decimalPoint")}</option>
                    <option value=",">{t("page.decimalComma")}</option>
                  </select>
                </div>
              </div>
              <input type="hidden" name="value_count" value={values.length} />
              {(["rt", "ch"] as const).map((kind) =>
                values.some((v) => v.kind === kind) ? (
                  <fieldset key={kind} className="rounded border border-slate-200 p-3">
                    <legend className="px-1 text-sm font-semibold">{t(kind === "rt" ? "page.roomTypes" : "page.channels")}</legend>
                    <p className="mb-2 text-sm text-slate-700">{t(kind === "rt" ? "page.roomTypesHelp" : "page.channelsHelp")}</p>
                    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                      {values.map((v, i) =>
                        v.kind !== kind ? null : (
                          <div key={i}>
                            <input type="hidden" name={`v${i}.kind`} value={v.kind} />
                            <input type="hidden" name={`v${i}.value`} value={v.value} />
                            <label htmlFor={`v${i}`} className="block text-sm">
                              {t("page.valueRows", { value: v.value || "—", rows: v.rows })}
                            </label>
                            <select
                              id={`v${i}`}
                              name={`v${i}.target`}
                              defaultValue={(kind === "rt" ? mapping.room_types : mapping.channels)?.[v.value] ?? ""}
                              className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm"
                            >
                              <option value="">{t("page.notMapped")}</option>
                              {kind === "rt"
                                ? categories.map((c) => (
                                    <option key={c.uuid} value={c.uuid}>
                                      {c.name}
                                    </option>
                                  ))
                                : channelCodes.map((code) => (
                                    <option key={code} value={code}>
                                      {channelLabel(code)}
                                    </option>
                                  ))}
                            </select>
                          </div>
                        ),
                      )}
                    </div>
                  </fieldset>
                ) : null,
              )}
              <div className="max-w-md">
                <label htmlFor="preset_name" className="block text-sm font-medium">
                  {t("page.savePreset")}
                </label>
                <input id="preset_name" name="preset_name" maxLength={80} className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm" />
              </div>
              <SubmitButton name="intent" value="dry-run" pendingLabel={t("page.dryRun")}>
                {t("page.dryRun")}
              </SubmitButton>
            </AppForm>
          </Panel>
        ) : null}

        {imp.dry_run ? <DryRun imp={imp} page={page} /> : null}
        {imp.status === "queued" || imp.status === "running" ? <Progress imp={imp} /> : null}
        {imp.status === "done" ? <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">{t("page.finished")}</p> : null}
        {imp.status === "failed" ? <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">{t("page.failed", { error: imp.error ?? "" })}</p> : null}
      </div>
    </LedgerPage>
  );
}

function DryRun({ imp, page }: { imp: ImportJson; page: string }) {
  const { t } = useTranslation("imports");
  const counts = imp.dry_run!;
  const done = imp.status !== "uploaded";
  const shown = done
    ? { add: imp.added, update: imp.updated, unchanged: imp.unchanged, skip: imp.skipped }
    : { add: counts.add, update: counts.update, unchanged: counts.unchanged, skip: counts.skip, doubtful: counts.doubtful };
  return (
    <Panel id="import-dry-run" heading={t("page.dryRunTitle")}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="import-counts">
        {Object.entries(shown).map(([key, value]) => (
          <div key={key} className="rounded border border-slate-200 p-2">
            <dt className="text-xs text-slate-700">{t(`page.counts.${key}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-count={key}>
              {value}
            </dd>
          </div>
        ))}
        {done ? (
          <div className="rounded border border-slate-200 p-2">
            <dt className="text-xs text-slate-700">{t("page.col.unplaced")}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-count="unplaced">
              {imp.unplaced}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 text-sm">
        <a href={`${page}/problems.csv`} className="text-brand-700 underline" download>
          {t("page.downloadProblems")}
        </a>
      </p>
      {imp.status === "uploaded" ? (
        <AppForm action={page} className="mt-3">
          <SubmitButton name="intent" value="run" pendingLabel={t("page.queued")}>
            {t("page.run", { count: counts.add + counts.update })}
          </SubmitButton>
        </AppForm>
      ) : null}
    </Panel>
  );
}

function Progress({ imp }: { imp: ImportJson }) {
  const { t } = useTranslation("imports");
  return (
    <Panel id="import-progress" heading={t("page.progress")}>
      <SelfRefresh seconds={REFRESH_SECONDS} />
      <label htmlFor="import-progress-bar" className="block text-sm">
        {t("page.progressLabel", { done: imp.done, total: imp.row_count })}
      </label>
      <progress id="import-progress-bar" className="mt-1 w-full" max={imp.row_count} value={imp.done} />
      <p className="mt-2 text-sm text-slate-700">{t("page.refreshing")}</p>
    </Panel>
  );
}
